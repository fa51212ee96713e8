// The review request after collection (docs/rest-contract.md "Review requests"): the page behind
// its single-use link, the private feedback, and the admin's moderation queue beside Testimonials.
import { adminProcedure, checkedInput, publicProcedure, router } from '#server/trpc.ts';
import {
  feedbackIdInput,
  pendingFeedbackInput,
  pendingFeedbackSchema,
  reviewFeedbackAnswer,
  reviewFeedbackInput,
  reviewPageSchema,
  reviewTokenInput,
} from '#shared/schemas/reviews.ts';
import { approveFeedback, getReviewPage, listPendingFeedback, rejectFeedback, submitFeedback } from './reviews.service.ts';
import { actorOf } from '#server/activity/actor.ts';

const tags = ['reviews'];

export const reviewsRouter = router({
  page: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/review-requests/{token}',
        tags,
        summary: 'The review page behind its single-use link (404 once used)',
        protect: false,
      },
    })
    .concat(checkedInput(reviewTokenInput))
    .output(reviewPageSchema)
    .query(({ ctx, input }) => getReviewPage(ctx.deps, input.token)),

  feedback: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/review-requests/{token}/feedback',
        tags,
        summary: 'Private feedback: a score of 1 to 5, words, and consent to publish (throttled; once per link)',
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(reviewFeedbackInput))
    .output(reviewFeedbackAnswer)
    .mutation(({ ctx, input }) => submitFeedback(ctx.deps, input, ctx.requester.ipAddress)),

  /** The admin's moderation queue beside Testimonials (docs/architecture.md: admin procedures nested). */
  admin: router({
    pending: adminProcedure
      .meta({
        permission: 'customers',
        openapi: { method: 'GET', path: '/api/customer-feedback', tags, summary: 'Feedback with consent, waiting for approval' },
      })
      .concat(checkedInput(pendingFeedbackInput))
      .output(pendingFeedbackSchema)
      .query(({ ctx, input }) => listPendingFeedback(ctx.deps, input)),

    approve: adminProcedure
      .meta({
        permission: 'customers',
        openapi: { method: 'POST', path: '/api/customer-feedback/{id}/approve', tags, summary: 'Publish feedback as a testimonial' },
        changesPublicContent: true,
      })
      .concat(checkedInput(feedbackIdInput))
      .output(pendingFeedbackSchema)
      .mutation(({ ctx, input }) => approveFeedback(ctx.deps, input.id, actorOf(ctx))),

    reject: adminProcedure
      .meta({
        permission: 'customers',
        openapi: { method: 'POST', path: '/api/customer-feedback/{id}/reject', tags, summary: 'Keep feedback private' },
        changesPublicContent: false,
      })
      .concat(checkedInput(feedbackIdInput))
      .output(pendingFeedbackSchema)
      .mutation(({ ctx, input }) => rejectFeedback(ctx.deps, input.id)),
  }),
});
