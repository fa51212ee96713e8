import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';

/** The admin menu's count of quote requests nobody has dealt with yet (status new); nothing when there are none. */
export function NewQuotesBadge() {
  const counts = useQuery({ ...trpc.quotes.admin.counts.queryOptions({}), refetchInterval: 60_000 });
  const count = counts.data?.new ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin__count-badge" data-testid="new-quotes-badge">
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}
