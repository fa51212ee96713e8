/**
 * The Needs you counts (docs/product.md "Dashboard"): unanswered messages, open change requests,
 * bookings not yet opened, new quotes and feedback to approve. Each is a count over a `limit`ed read
 * of its partial index (message_threads_awaiting, bookings_waiting_ends, quote_requests_new_created,
 * repair_review_requests_pending), so it costs at most NEEDS_YOU_COUNT_CAP rows however long the
 * queue, in the same four statements every time. The menu's badge reads these alone each minute;
 * the dashboard shows the same figures.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { NeedsYouCounts } from '#shared/schemas/dashboard.ts';
import { NEEDS_YOU_COUNT_CAP } from '#shared/format/capped-count.ts';
import { countNewQuoteRequestsCapped } from '#server/quotes/quote-requests.repository.ts';
import { countForBadgeCapped } from '#server/bookings/bookings.repository.ts';
import { countPendingFeedbackCapped } from '#server/reviews/repair-review-requests.repository.ts';
import { countAwaitingShopCapped } from '#server/threads/message-threads.repository.ts';

export async function getNeedsYouCounts(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<NeedsYouCounts> {
  const cap = NEEDS_YOU_COUNT_CAP;
  const [messages, bookings, quotes, feedback] = await Promise.all([
    countAwaitingShopCapped(deps.db, cap),
    countForBadgeCapped(deps.db, now, cap),
    countNewQuoteRequestsCapped(deps.db, cap),
    countPendingFeedbackCapped(deps.db, cap),
  ]);
  const counts = [messages, bookings.change_requests, bookings.new, quotes, feedback];
  return {
    total: counts.reduce((sum, n) => sum + n, 0),
    messages,
    change_requests: bookings.change_requests,
    unseen_bookings: bookings.new,
    quotes,
    feedback,
    capped: counts.some((n) => n >= cap),
  };
}
