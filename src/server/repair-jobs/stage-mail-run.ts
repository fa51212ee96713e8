/**
 * The repair-stage-mail job's work (jobs/definitions/repair-stage-mail.ts): tells the customer the
 * stage the job is at when it runs, unless they were told already; in the shop's quiet hours it
 * answers when to try again, and the definition queues the job for then.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import * as jobs from './repair-jobs.repository.ts';
import { isQuietHour, outsideQuietHours } from './stage-mail-timing.ts';

/** 'sent' (queued to the mail sender), 'nothing' (no change to tell), or, in quiet hours, when to try again. */
export async function sendRepairStageMail(
  deps: AppDeps,
  repairJobId: number,
  now = new Date(),
): Promise<'sent' | 'nothing' | { deferUntil: Date }> {
  const job = await jobs.findRepairJob(deps.db, repairJobId);
  if (!job || job.anonymised_at || job.tracker_revoked_at || !job.customer_email) return 'nothing';
  if (job.stage_id === job.notified_stage_id) return 'nothing';
  const shop = await readShop(deps);
  // A run that comes late (retries, a site that was down overnight) still keeps the quiet hours.
  if (isQuietHour(now, shop.timeZone)) return { deferUntil: outsideQuietHours(now, shop.timeZone) };
  if (!(await jobs.claimStageNotification(deps.db, job.id, job.notified_stage_id, job.stage_id))) return 'nothing';
  await queueMails(deps, [{ kind: 'repair-stage-changed', to: job.customer_email, params: { repairJobId: job.id } }]);
  return 'sent';
}
