/**
 * The review request after collection, within the search engines' rules: every customer
 * whose job is marked Collected gets the same e-mail after REVIEW_REQUEST_DELAY_HOURS (one reminder
 * after REVIEW_REMINDER_DAYS when unanswered), linking to one page that names the car and the work,
 * with the shop's review link and beside it, never instead of it, a private feedback form. Nothing
 * the customer says changes what they are shown. Feedback becomes a testimonial only with the
 * customer's consent and the admin's approval (it then shows in the carousel; the structured data
 * never carries a rating: public-content/structured-data.ts). Why: docs/decisions/review-request-asks-everyone-alike.md.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '#server/activity/actor.ts';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { repairReviewRequestJob } from '#server/jobs/definitions/repair-review-request.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { feedbackEvent, notifyShop, type NotifyDeps } from '#server/notifications/notifications.service.ts';
import { createTestimonialIn } from '#server/testimonials/testimonials.service.ts';
import { REPAIR_MESSAGES_PER_HOUR } from '#shared/limits.ts';
import {
  PENDING_FEEDBACK_PAGE_SIZE,
  type PendingFeedback,
  type PendingFeedbackInput,
  type ReviewFeedbackInput,
  type ReviewPage,
} from '#shared/schemas/reviews.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import * as requests from './repair-review-requests.repository.ts';
import { newReviewSalt, reviewToken, reviewTokenHash } from './review-links.ts';
import { escapeHtml } from '#shared/escape-html.ts';

type Executor = Kysely<Database> | Transaction<Database>;
const HOUR_MS = 60 * 60 * 1000;

/** When a job is first marked Collected (in the move's transaction): the request, and its mail queued for later. */
export async function startReviewRequest(
  deps: Pick<AppDeps, 'config' | 'jobs'>,
  trx: Executor,
  repairJobId: number,
  now = new Date(),
): Promise<void> {
  const salt = newReviewSalt();
  const inserted = await requests.insertReviewRequestOnce(trx, {
    repair_job_id: repairJobId,
    token_salt: salt,
    token_hash: reviewTokenHash(reviewToken(deps.config.appKey, repairJobId, salt)),
  });
  if (!inserted) return;
  await deps.jobs.send(
    repairReviewRequestJob,
    { repairJobId },
    { trx, singletonKey: `review:${repairJobId}`, startAfter: new Date(now.getTime() + deps.config.reviewRequestDelayHours * HOUR_MS) },
  );
}

async function findRequest(deps: Pick<AppDeps, 'db'>, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return requests.findReviewRequestByTokenHash(deps.db, reviewTokenHash(token));
}

async function findOpenRequest(deps: Pick<AppDeps, 'db'>, token: string) {
  const request = await findRequest(deps, token);
  // Single use: once the feedback is in, the link takes no more.
  return request && !request.responded_at ? request : undefined;
}

/**
 * The page: the same for every customer. A used link (the feedback is in) still opens it, to say
 * thank you and offer the public review link (`used`), without the form.
 */
export async function findReviewPage(deps: Pick<AppDeps, 'db' | 'publicContent'>, token: string): Promise<ReviewPage | undefined> {
  const request = await findRequest(deps, token);
  if (!request) return undefined;
  const shop = await readShop(deps);
  return {
    used: request.responded_at !== null,
    reference: request.reference,
    vehicle: request.vehicle,
    registration: request.registration,
    agreed_work: request.agreed_work,
    review_link: shop.reviewsUrl,
    shop_name: shop.name,
  };
}

export async function getReviewPage(deps: Pick<AppDeps, 'db' | 'publicContent'>, token: string): Promise<ReviewPage> {
  const page = await findReviewPage(deps, token);
  if (!page) throw AppError.notFound();
  return page;
}

export const FEEDBACK_LIMIT = { limit: REPAIR_MESSAGES_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** The private feedback, once per link; throttled per address (429). With consent it waits for the admin. */
export async function submitFeedback(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'> & NotifyDeps,
  input: ReviewFeedbackInput,
  ip: string | null,
  now = new Date(),
): Promise<{ received: true }> {
  await throttle(deps.rateLimiter, { key: `review-feedback:${ip ?? ''}`, ...FEEDBACK_LIMIT });
  const request = await findOpenRequest(deps, input.token);
  if (!request) throw AppError.notFound();
  const recorded = await deps.db.transaction().execute(async (trx) => {
    const done = await requests.recordFeedback(trx, request.id, {
      responded_at: now,
      score: input.score,
      feedback: input.feedback,
      display_name: input.name,
      consent: input.consent,
      moderation: input.consent ? 'pending' : null,
    });
    if (done) await notifyShop(deps, trx, feedbackEvent(request, input.score, input.consent));
    return done;
  });
  if (!recorded) throw AppError.notFound();
  return { received: true };
}

export async function listPendingFeedback(deps: Pick<AppDeps, 'db'>, input: PendingFeedbackInput = {}): Promise<PendingFeedback> {
  const limit = input.limit ?? PENDING_FEEDBACK_PAGE_SIZE;
  const rows = await requests.findPendingFeedback(deps.db, {
    limit: limit + 1,
    cursor: input.cursor ? decodeCursor(input.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      repair_job_id: r.repair_job_id,
      reference: r.reference,
      vehicle: r.vehicle,
      name: r.display_name ?? '',
      score: r.score ?? 0,
      feedback: r.feedback ?? '',
      received_at: r.responded_at ? r.responded_at.toISOString() : '',
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

/**
 * Approved: a testimonial of the name the customer gave (else their first name), the score and the
 * words as text, made by the testimonials service in the approval's transaction, so it is
 * sanitised, versioned and in the activity log under the approving admin like any other.
 */
export async function approveFeedback(deps: Pick<AppDeps, 'db'>, id: number, actor: Actor): Promise<PendingFeedback> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await requests.findReviewRequest(trx, id, { lock: true });
    if (!request || request.moderation !== 'pending' || request.score === null) throw AppError.notFound();
    const name = (request.display_name ?? request.customer_name.split(' ')[0] ?? '').trim() || 'A customer';
    const words = (request.feedback ?? '').trim();
    const testimonialId = await createTestimonialIn(
      trx,
      {
        name: name.slice(0, 100),
        score: request.score,
        review: words ? `<p>${escapeHtml(words)}</p>` : `<p>${request.score} out of 5</p>`,
      },
      actor,
      'created from customer feedback',
    );
    await requests.setModeration(trx, id, 'approved', testimonialId);
  });
  return listPendingFeedback(deps);
}

export async function rejectFeedback(deps: Pick<AppDeps, 'db'>, id: number): Promise<PendingFeedback> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await requests.findReviewRequest(trx, id, { lock: true });
    if (!request || request.moderation !== 'pending') throw AppError.notFound();
    await requests.setModeration(trx, id, 'rejected', null);
  });
  return listPendingFeedback(deps);
}
