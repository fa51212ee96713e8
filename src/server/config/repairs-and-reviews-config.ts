/** The timings of a repair's customer: the tracker link, stage-change mail, the review request. */
import { z } from 'zod';
import { variable, wholeNumber } from './env-values.ts';

export const repairsAndReviewsVariables = z.object({
  REPAIR_TRACKER_DAYS_AFTER_COLLECTION: wholeNumber({ of: 'days', min: 1, max: 3650, fallback: 30 }),
  REPAIR_STAGE_MAIL_HOLD_MINUTES: wholeNumber({ of: 'minutes', min: 0, max: 1440, fallback: 10 }),
  REVIEW_REQUEST_DELAY_HOURS: variable(
    z.coerce
      .number({ error: 'must be a number of hours' })
      .min(0)
      .max(24 * 365)
      .default(48),
  ),
  REVIEW_REMINDER_DAYS: wholeNumber({ of: 'days', min: 1, max: 365, fallback: 5 }),
});

export function repairsAndReviewsConfig(e: z.output<typeof repairsAndReviewsVariables>) {
  return {
    /** A repair tracker link stops working this many days after the car is collected (REPAIR_TRACKER_DAYS_AFTER_COLLECTION). */
    repairTrackerDaysAfterCollection: e.REPAIR_TRACKER_DAYS_AFTER_COLLECTION,
    /** A stage-change e-mail is held this long, so quick changes send one mail (REPAIR_STAGE_MAIL_HOLD_MINUTES). */
    repairStageMailHoldMinutes: e.REPAIR_STAGE_MAIL_HOLD_MINUTES,
    /** The review request goes this long after a job is marked Collected (REVIEW_REQUEST_DELAY_HOURS). */
    reviewRequestDelayHours: e.REVIEW_REQUEST_DELAY_HOURS,
    /** Its one reminder goes this long after it when the customer has not answered (REVIEW_REMINDER_DAYS). */
    reviewReminderDays: e.REVIEW_REMINDER_DAYS,
  };
}
