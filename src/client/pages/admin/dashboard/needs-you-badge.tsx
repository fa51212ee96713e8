import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { cappedCountLabel } from '#shared/format/capped-count.ts';

/**
 * The admin menu's count beside Dashboard: everything under "Needs you" (the dashboard lists which);
 * nothing when none. It reads the small counts procedure each minute (each count capped, "99+"
 * from 100), never the whole dashboard.
 */
export function NeedsYouBadge() {
  const counts = useQuery({ ...trpc.dashboard.counts.queryOptions({}), refetchInterval: 60_000 });
  const count = counts.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin__count-badge" data-testid="needs-you-badge">
      {cappedCountLabel(count)}
      <span className="visually-hidden"> new</span>
    </span>
  );
}
