// The review request after collection (docs/rest-contract.md "Review requests"): the page behind
// its single-use link, the private feedback, and the admin's moderation queue.
import { z } from 'zod';
import { cursorField, limitField } from './paging.ts';
import { booleanField, integerField, messages, optionalString } from '../validation.ts';
import { FEEDBACK_MAX } from '#shared/limits.ts';

export const reviewTokenInput = z.object({ token: z.string({ error: messages.required('token') }).max(200, messages.max('token', 200)) });

/** What the page shows: the car and the work, and the shop's review link (empty when the shop has none). */
export const reviewPageSchema = z.object({
  reference: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  agreed_work: z.string(),
  review_link: z.string(),
  shop_name: z.string(),
  /** The feedback is in: the page thanks the customer (and still offers the review link), with no form. */
  used: z.boolean(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export { FEEDBACK_MAX } from '#shared/limits.ts';
export const reviewFeedbackInput = z.object({
  token: reviewTokenInput.shape.token,
  score: integerField('score', 1, 5),
  feedback: optionalString('feedback', FEEDBACK_MAX),
  name: optionalString('name', 100),
  consent: booleanField('consent'),
});
export type ReviewFeedbackInput = z.infer<typeof reviewFeedbackInput>;
export const reviewFeedbackAnswer = z.object({ received: z.literal(true) });

/** A page of the queue, oldest first: `cursor` is the previous page's `next_cursor`. */
export const pendingFeedbackInput = z.object({ cursor: cursorField, limit: limitField() });
export type PendingFeedbackInput = z.infer<typeof pendingFeedbackInput>;
/** The queue's page size when no `limit` is given. */
export const PENDING_FEEDBACK_PAGE_SIZE = 50;

export const pendingFeedbackSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      repair_job_id: z.number().int(),
      reference: z.string(),
      vehicle: z.string(),
      name: z.string(),
      score: z.number().int(),
      feedback: z.string(),
      received_at: z.string(),
    }),
  ),
  /** The cursor of the next page, null on the last. */
  next_cursor: z.string().nullable(),
});
export type PendingFeedback = z.infer<typeof pendingFeedbackSchema>;
export const feedbackIdInput = z.object({ id: integerField('id', 1, 2_147_483_647) });
