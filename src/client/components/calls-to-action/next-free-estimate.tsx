import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { screenHrefWithQuery } from '#client/lib/screen-links.ts';

/**
 * "Next free estimate: Thursday 10:20", from the public snapshot (the bookings summary,
 * embedded in the home, contact and booking pages), so the server's HTML has it. The time links to
 * /book opened on that type and slot (book-page.tsx reads `type` and `at`). Nothing when no slot is free.
 */
export function NextFreeEstimate({ className }: { className?: string }) {
  const summary = useQuery(trpc.bookings.summary.queryOptions({}));
  const next = summary.data?.next_free_estimate;
  if (!next) return null;
  return (
    <p className={className} data-testid="next-free">
      Next free estimate:{' '}
      <Link href={screenHrefWithQuery('book', { type: next.type_id, at: next.starts_at })} className="next-free__link">
        {next.label}
      </Link>
    </p>
  );
}
