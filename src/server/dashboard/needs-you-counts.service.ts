/**
 * The Needs you counts (docs/product.md "Dashboard"): unanswered messages, open change requests,
 * bookings not yet opened, new quotes, feedback to approve and declined estimates to follow up. Each is a count over a `limit`ed read
 * of its partial index (message_threads_awaiting, bookings_waiting_ends, quote_requests_new_created,
 *  repair_review_requests_pending, estimates_declined), so it costs at most NEEDS_YOU_COUNT_CAP rows however long the
 * queue, in the same five statements every time. The menu's badge reads these alone each minute;
 * the dashboard shows the same figures.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { NeedsYouCounts } from '#shared/schemas/dashboard.ts';
import { NEEDS_YOU_COUNT_CAP } from '#shared/format/capped-count.ts';
import { countNewQuoteRequestsCapped } from '#server/quotes/quote-requests.repository.ts';
import { countForBadgeCapped } from '#server/bookings/bookings.repository.ts';
import { countPendingFeedbackCapped } from '#server/reviews/repair-review-requests.repository.ts';
import { countAwaitingShopCapped } from '#server/threads/message-threads.repository.ts';
import { countDeclinedToFollowUpCapped } from '#server/estimates/estimates.repository.ts';

export async function getNeedsYouCounts(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<NeedsYouCounts> {
  const cap = NEEDS_YOU_COUNT_CAP;
  const [messages, bookings, quotes, feedback, declinedEstimates] = await Promise.all([
    countAwaitingShopCapped(deps.db, cap),
    countForBadgeCapped(deps.db, now, cap),
    countNewQuoteRequestsCapped(deps.db, cap),
    countPendingFeedbackCapped(deps.db, cap),
    countDeclinedToFollowUpCapped(deps.db, cap),
  ]);
  const counts = [messages, bookings.change_requests, bookings.new, quotes, feedback, declinedEstimates];
  return {
    total: counts.reduce((sum, n) => sum + n, 0),
    messages,
    change_requests: bookings.change_requests,
    unseen_bookings: bookings.new,
    quotes,
    feedback,
    declined_estimates: declinedEstimates,
    capped: counts.some((n) => n >= cap),
  };
}
