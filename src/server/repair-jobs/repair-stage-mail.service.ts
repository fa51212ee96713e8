/**
 * One e-mail per stage change, held (stage-mail-timing.ts): every change queues the
 * repair-stage-mail job with one waiting per job (jobs/definitions/repair-stage-mail.ts), and the
 * job, when it runs, tells the customer the stage the job is at then, unless they were told already.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import * as jobs from './repair-jobs.repository.ts';
import { isQuietHour, outsideQuietHours, stageMailDueAt } from './stage-mail-timing.ts';

/** The queue of the held stage-change mails. */
export const REPAIR_STAGE_MAIL_JOB = 'repair-stage-mail';

type Executor = Kysely<Database> | Transaction<Database>;

/** Queues the held mail in the transaction of the change; a mail already waiting for this job takes this change too. */
export async function queueStageMail(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent'>,
  trx: Executor,
  repairJobId: number,
  now = new Date(),
): Promise<void> {
  const shop = await readShop(deps);
  await deps.jobs.send(
    REPAIR_STAGE_MAIL_JOB,
    { repairJobId },
    {
      trx,
      singletonKey: `repair-job:${repairJobId}`,
      startAfter: stageMailDueAt(now, deps.config.repairStageMailHoldMinutes, shop.timeZone),
    },
  );
}

/** The job's work: 'sent' (queued to the mail sender), 'deferred' (quiet hours), 'nothing' (no change to tell). */
export async function sendRepairStageMail(deps: AppDeps, repairJobId: number, now = new Date()): Promise<'sent' | 'deferred' | 'nothing'> {
  const job = await jobs.findRepairJob(deps.db, repairJobId);
  if (!job || job.anonymised_at || job.tracker_revoked_at || !job.customer_email) return 'nothing';
  if (job.stage_id === job.notified_stage_id) return 'nothing';
  const shop = await readShop(deps);
  // A run that comes late (retries, a site that was down overnight) still keeps the quiet hours.
  if (isQuietHour(now, shop.timeZone)) {
    await deps.jobs.send(
      REPAIR_STAGE_MAIL_JOB,
      { repairJobId },
      { singletonKey: `repair-job:${repairJobId}`, startAfter: outsideQuietHours(now, shop.timeZone) },
    );
    return 'deferred';
  }
  if (!(await jobs.claimStageNotification(deps.db, job.id, job.notified_stage_id, job.stage_id))) return 'nothing';
  await queueMails(deps, [{ kind: 'repair-stage-changed', to: job.customer_email, params: { repairJobId: job.id } }]);
  return 'sent';
}
