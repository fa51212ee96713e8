/**
 * The customer's e-mail about a repair job's stage: queued by every stage change with a start
 * after the hold (and out of the shop's quiet hours: repair-jobs/stage-mail-timing.ts), one
 * waiting per job, so several quick changes send one mail. It reads the job when it runs and
 * tells the customer the stage the job is at then; nothing when that is the stage they were last
 * told about. Safe to run twice: the notified stage moves by compare-and-set before the mail is queued.
 */
import { z } from 'zod';
import { sendRepairStageMail } from '#server/repair-jobs/stage-mail-run.ts';
import { defineJob } from '../job-definition.ts';

export const repairStageMailJob = defineJob({
  name: 'repair-stage-mail',
  payload: z.object({ repairJobId: z.number().int() }),
  oneWaitingPerKey: true,
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 30,
  // The mails held over the quiet hours come due together and go out together.
  concurrency: 4,
  async run(deps, data) {
    const outcome = await sendRepairStageMail(deps, data.repairJobId);
    // A run that comes late (retries, a site that was down overnight) still keeps the quiet hours.
    if (typeof outcome === 'object') {
      await deps.jobs.send(
        repairStageMailJob,
        { repairJobId: data.repairJobId },
        { singletonKey: `repair-job:${data.repairJobId}`, startAfter: outcome.deferUntil },
      );
    }
  },
});
