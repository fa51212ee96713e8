/**
 * A document behind a tracker link: the link is the permission, for its own job's documents only
 * (another job's, or a link not valid: a 404). Apart from invoice-pdf.service.ts, which the repair
 * mail uses, so the mail never imports the tracker.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { findTrackedJob } from '#server/repair-jobs/repair-tracker.service.ts';
import { findJobInvoice } from './invoice-reads.service.ts';
import { invoicePdfOf, type InvoicePdf } from './invoice-pdf.service.ts';

export async function trackerInvoicePdf(
  deps: Pick<AppDeps, 'db' | 'publicContent' | 'config'>,
  token: string,
  id: number,
): Promise<InvoicePdf> {
  const job = await findTrackedJob(deps, token);
  if (!job) throw AppError.notFound();
  return invoicePdfOf(deps, await findJobInvoice(deps.db, job.id, id));
}
