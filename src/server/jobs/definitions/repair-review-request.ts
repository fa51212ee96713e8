/**
 * The review request after collection and its one reminder (reviews/reviews.service.ts, review-request-run.ts): queued
 * when a job is first marked Collected, to start after REVIEW_REQUEST_DELAY_HOURS; its run queues
 * the reminder for REVIEW_REMINDER_DAYS later. Safe to run twice: each mail step is claimed first.
 */
import { z } from 'zod';
import { runReviewRequest } from '#server/reviews/review-request-run.ts';
import { defineJob } from '../job-definition.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const repairReviewRequestJob = defineJob({
  name: 'repair-review-request',
  payload: z.object({ repairJobId: z.number().int() }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 30,
  // Requests held until the same hour go out together, not one per poll.
  concurrency: 4,
  async run(deps, data) {
    const now = new Date();
    if ((await runReviewRequest(deps, data.repairJobId, now)) !== 'request') return;
    await deps.jobs.send(
      repairReviewRequestJob,
      { repairJobId: data.repairJobId },
      { singletonKey: `review:${data.repairJobId}`, startAfter: new Date(now.getTime() + deps.config.reviewReminderDays * DAY_MS) },
    );
  },
});
