/** The review request's mail as it is sent (mail/mail-kinds.ts lists it): the single-use link is made then. */
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { MailShop } from '#server/mail/mail-layout.ts';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as requests from './repair-review-requests.repository.ts';
import { currentReviewToken, REVIEW_PATH } from './review-links.ts';
import { reviewRequestMessage } from './review-messages.ts';

async function renderReviewMail(
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

export const reviewRequestMail = defineMailKind({
  kind: 'repair-review-request',
  label: 'How did we do?',
  params: z.object({ repairJobId: z.number().int(), reminder: z.boolean() }),
  render: (deps, { recipient, params }, shop) => renderReviewMail(deps, recipient, params.repairJobId, params.reminder, shop),
});
