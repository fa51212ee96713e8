import { useQuery } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';

/**
 * "Next free estimate: Thursday 10:20", from the public snapshot (the bookings summary,
 * embedded in the home, contact and booking pages), so the server's HTML has it. Nothing when no
 * slot is free.
 */
export function NextFreeEstimate({ className }: { className?: string }) {
  const summary = useQuery(trpc.bookings.summary.queryOptions({}));
  const next = summary.data?.next_free_estimate;
  if (!next) return null;
  return (
    <p className={className} data-testid="next-free">
      Next free estimate: {next.label}
    </p>
  );
}
