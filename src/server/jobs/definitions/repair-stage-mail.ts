/**
 * The customer's e-mail about a repair job's stage: queued by every stage change with a start
 * after the hold (and out of the shop's quiet hours: repair-jobs/stage-mail-timing.ts), one
 * waiting per job, so several quick changes send one mail. It reads the job when it runs and
 * tells the customer the stage the job is at then; nothing when that is the stage they were last
 * told about. Safe to run twice: the notified stage moves by compare-and-set before the mail is queued.
 */
import { REPAIR_STAGE_MAIL_JOB, sendRepairStageMail } from '#server/repair-jobs/repair-stage-mail.service.ts';
import { defineJob } from '../job-definition.ts';

export { REPAIR_STAGE_MAIL_JOB };

export const repairStageMailJob = defineJob<{ repairJobId: number }>({
  name: REPAIR_STAGE_MAIL_JOB,
  oneWaitingPerKey: true,
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 30,
  async run(deps, data) {
    await sendRepairStageMail(deps, Number(data.repairJobId));
  },
});
