/** The review request's mail as it is sent (mail/outgoing-mail.ts): the single-use link is made then. */
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { reviewRequestMessage, type MailShop } from '#server/mail/messages.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as requests from './repair-review-requests.repository.ts';
import { currentReviewToken, REVIEW_PATH } from './review-links.ts';

export async function renderReviewMail(
  deps: Pick<AppDeps, 'db' | 'config'>,
  recipient: string,
  repairJobId: number,
  reminder: boolean,
  shop: MailShop,
): Promise<MailMessage | { cancel: string }> {
  const request = await requests.findReviewRequestOfJob(deps.db, repairJobId);
  if (!request) return { cancel: 'The repair job no longer exists.' };
  if (request.responded_at) return { cancel: 'The customer has answered already.' };
  const job = await findRepairJob(deps.db, repairJobId);
  if (!job || job.anonymised_at || job.customer_email.toLowerCase() !== recipient.toLowerCase())
    return { cancel: 'The job has another address now.' };
  const token = currentReviewToken(deps.config.appKeys, request);
  if (!token) return { cancel: 'The link is no longer valid.' };
  return reviewRequestMessage({
    to: recipient,
    name: job.customer_name,
    vehicle: job.vehicle,
    reminder,
    url: `${deps.config.appUrl}${REVIEW_PATH}/${token}`,
    shop,
  });
}
