/**
 * The signed-in customer's estimates on /account/quotes: each one's reference, vehicle and state,
 * linking to its private page (/estimate/{token}), where it is read and answered.
 */
import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import type { EstimateStatus } from '#shared/value-sets.ts';

const STATUS_TEXT: Record<EstimateStatus, string> = {
  draft: 'Being prepared',
  sent: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced by a newer version',
};

export function MyEstimates() {
  const estimates = useQuery(trpc.estimates.mine.queryOptions({}));
  if (!estimates.data || estimates.data.data.length === 0) return null;
  return (
    <section className="card account-card" aria-labelledby="my-estimates-heading">
      <h2 className="card__title" id="my-estimates-heading">
        My estimates
      </h2>
      <ul>
        {estimates.data.data.map((e) => (
          <li key={e.path}>
            <a href={e.path}>
              Estimate {e.reference}, {e.vehicle}
            </a>
            : {STATUS_TEXT[e.status]}
          </li>
        ))}
      </ul>
    </section>
  );
}
