/**
 * Every piece of background work, in one list (job-definition.ts says what each field means).
 * A new job: a file here, a line in this list.
 */
import type { JobDefinition } from '../job-definition.ts';
import { sendMailJob } from './send-mail.ts';
import { passwordResetRequestJob } from './password-reset-request.ts';
import { emailCodeRequestJob } from './email-code-request.ts';
import { sessionSweepJob } from './session-sweep.ts';
import { tempFileSweepJob } from './temp-file-sweep.ts';
import { orphanFileSweepJob } from './orphan-file-sweep.ts';
import { quotePhotoRetentionJob } from './quote-photo-retention.ts';
import { mediumImageBackfillJob } from './medium-image-backfill.ts';
import { mailRequeueJob } from './mail-requeue.ts';
import { scheduledBackupJob } from './scheduled-backup.ts';
import { bookingRemindersJob } from './booking-reminders.ts';
import { repairStageMailJob } from './repair-stage-mail.ts';
import { repairReviewRequestJob } from './repair-review-request.ts';
import { activityRetentionJob } from './activity-retention.ts';
import { binEmptyingJob } from './bin-emptying.ts';
import { versionsPruneJob } from './versions-prune.ts';
import { scheduledContentChangeJob } from './scheduled-content-change.ts';

export const jobDefinitions: readonly JobDefinition[] = [
  sendMailJob,
  passwordResetRequestJob,
  emailCodeRequestJob,
  sessionSweepJob,
  tempFileSweepJob,
  orphanFileSweepJob,
  quotePhotoRetentionJob,
  mediumImageBackfillJob,
  mailRequeueJob,
  scheduledBackupJob,
  bookingRemindersJob,
  repairStageMailJob,
  repairReviewRequestJob,
  activityRetentionJob,
  binEmptyingJob,
  versionsPruneJob,
  scheduledContentChangeJob,
];
