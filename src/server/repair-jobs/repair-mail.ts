/**
 * The repair e-mails as they are sent (mail/mail-kinds.ts lists them), rendered when they go: the
 * tracker link is made then from the job's salt (tracker-links.ts), so no token is kept in the
 * outgoing mail table. A job revoked, anonymised or moved to another address cancels its mail.
 */
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { MailShop } from '#server/mail/mail-layout.ts';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { formatCalendarDate } from '#shared/format/dates.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as stages from './repair-stages.repository.ts';
import { currentTrackerToken, trackerUrl } from './tracker-links.ts';
import { readyForCollectionStageId } from './ready-stage.ts';
import { findLiveInvoiceOfJob } from '#server/invoices/invoice-reads.service.ts';
import { invoicePdfOf } from '#server/invoices/invoice-pdf.service.ts';
import { repairJobCreatedMessage, repairPromisedDateChangedMessage, repairStageChangedMessage } from './repair-messages.ts';

type DateChange = { previousDate: string; newDate: string; reason: string };

async function renderRepairMail(
  deps: Pick<AppDeps, 'db' | 'config' | 'publicContent'>,
  kind: 'repair-job-created' | 'repair-stage-changed' | 'repair-promised-date-changed',
  recipient: string,
  repairJobId: number,
  shop: MailShop,
  dateChange?: DateChange,
): Promise<MailMessage | { cancel: string }> {
  const job = await jobs.findRepairJob(deps.db, repairJobId);
  if (!job || job.anonymised_at) return { cancel: 'The repair job no longer exists.' };
  if (job.customer_email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The job has another address now.' };
  const token = currentTrackerToken(deps.config.appKeys, job);
  if (!token || job.tracker_revoked_at) return { cancel: 'The tracker link was revoked.' };
  const url = trackerUrl(deps.config.appUrl, token);
  const facts = { name: job.customer_name, reference: job.reference, vehicle: job.vehicle, registration: job.registration };
  if (kind === 'repair-job-created') {
    return repairJobCreatedMessage({ to: recipient, job: facts, promisedReady: formatCalendarDate(job.promised_ready_on), url, shop });
  }
  if (kind === 'repair-promised-date-changed' && dateChange) {
    // Held over the quiet hours and moved again since: the later mail tells the date that holds.
    if (job.promised_ready_on !== dateChange.newDate) return { cancel: 'The promised date moved again.' };
    return repairPromisedDateChangedMessage({
      to: recipient,
      job: facts,
      previousDate: formatCalendarDate(dateChange.previousDate),
      newDate: formatCalendarDate(dateChange.newDate),
      reason: dateChange.reason,
      url,
      shop,
    });
  }
  // The whole list (a handful of rows): the ready stage is decided by its place, not its name, so a
  // renamed stage still carries the invoice.
  const stageRows = await stages.listRepairStages(deps.db);
  const stage = stageRows.find((s) => s.id === job.stage_id);
  const message = repairStageChangedMessage({ to: recipient, job: facts, stage: stage?.name ?? 'updated', url, shop });
  return stage !== undefined && stage.id === readyForCollectionStageId(stageRows) ? withInvoice(deps, job.id, message) : message;
}

/** The job's invoice that stands, as a PDF attachment, when one is issued; the mail as it was otherwise. */
async function withInvoice(deps: Pick<AppDeps, 'db' | 'publicContent'>, repairJobId: number, message: MailMessage): Promise<MailMessage> {
  const invoice = await findLiveInvoiceOfJob(deps.db, repairJobId);
  if (!invoice) return message;
  const pdf = await invoicePdfOf(deps, invoice);
  return {
    ...message,
    attachments: [
      ...(message.attachments ?? []),
      { filename: pdf.filename, content: pdf.bytes.toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
    ],
  };
}

const repairParams = z.object({ repairJobId: z.number().int() });
const dateChangeParams = repairParams.extend({ previousDate: z.string(), newDate: z.string(), reason: z.string() });

export const repairMailKinds = [
  defineMailKind({
    kind: 'repair-job-created',
    label: 'Follow your repair',
    params: repairParams,
    render: (deps, { recipient, params }, shop) => renderRepairMail(deps, 'repair-job-created', recipient, params.repairJobId, shop),
  }),
  defineMailKind({
    kind: 'repair-stage-changed',
    label: 'An update on your repair',
    params: repairParams,
    render: (deps, { recipient, params }, shop) => renderRepairMail(deps, 'repair-stage-changed', recipient, params.repairJobId, shop),
  }),
  defineMailKind({
    kind: 'repair-promised-date-changed',
    label: 'A new ready date for your repair',
    params: dateChangeParams,
    render: (deps, { recipient, params }, shop) =>
      renderRepairMail(deps, 'repair-promised-date-changed', recipient, params.repairJobId, shop, params),
  }),
] as const;
