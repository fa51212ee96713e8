/**
 * The review request after collection and its one reminder (reviews/reviews.service.ts): queued
 * when a job is first marked Collected, to start after REVIEW_REQUEST_DELAY_HOURS; its run queues
 * the reminder for REVIEW_REMINDER_DAYS later. Safe to run twice: each mail step is claimed first.
 */
import { REVIEW_REQUEST_JOB, runReviewRequest } from '#server/reviews/reviews.service.ts';
import { defineJob } from '../job-definition.ts';

export { REVIEW_REQUEST_JOB };

export const repairReviewRequestJob = defineJob<{ repairJobId: number }>({
  name: REVIEW_REQUEST_JOB,
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 30,
  async run(deps, data) {
    await runReviewRequest(deps, Number(data.repairJobId));
  },
});
