import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';

/** The admin menu's count of bookings not opened yet plus open change requests; nothing when there are none. */
export function NewBookingsBadge() {
  const counts = useQuery({ ...trpc.bookings.admin.counts.queryOptions({}), refetchInterval: 60_000 });
  const count = (counts.data?.new ?? 0) + (counts.data?.change_requests ?? 0);
  if (count === 0) return null;
  return (
    <span className="admin__count-badge" data-testid="new-bookings-badge">
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}
