/** The repair-review-request job's work (jobs/definitions/repair-review-request.ts; why: reviews.service.ts). */
import type { AppDeps } from '#server/app-deps.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as requests from './repair-review-requests.repository.ts';

/**
 * The job's work: the request's mail, then (the definition queues the job again for later) its
 * one reminder. Each step is claimed before its mail is queued, so a job that runs twice sends
 * once; an answered request or a job gone (account deleted) sends nothing.
 */
export async function runReviewRequest(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  repairJobId: number,
  now = new Date(),
): Promise<'request' | 'reminder' | 'nothing'> {
  const request = await requests.findReviewRequestOfJob(deps.db, repairJobId);
  if (!request || request.responded_at || !request.token_hash) return 'nothing';
  const job = await findRepairJob(deps.db, repairJobId);
  if (!job || job.anonymised_at || !job.customer_email) return 'nothing';
  const step = !request.sent_at ? 'sent_at' : !request.reminder_sent_at ? 'reminder_sent_at' : null;
  if (!step || !(await requests.claimMailStep(deps.db, request.id, step, now))) return 'nothing';
  await queueMails(deps, [
    { kind: 'repair-review-request', to: job.customer_email, params: { repairJobId, reminder: step === 'reminder_sent_at' } },
  ]);
  return step === 'sent_at' ? 'request' : 'reminder';
}
