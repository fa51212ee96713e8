/**
 * The tracker's "Your invoice" links: each document of the job, downloaded through the tracker's
 * own link (its token made now from the job's salt, never stored); none when the link is revoked.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import { listInvoicesOfRepairJobs } from './invoices.repository.ts';

export interface TrackerInvoiceLink {
  id: number;
  display_number: string;
  pdf_path: string;
}

/** By job id, for the jobs whose tracker token is given (one statement for all). */
export async function trackerInvoiceLinks(
  db: Kysely<Database>,
  tokens: ReadonlyMap<number, string>,
): Promise<Map<number, TrackerInvoiceLink[]>> {
  const rows = await listInvoicesOfRepairJobs(db, [...tokens.keys()]);
  const links = new Map<number, TrackerInvoiceLink[]>();
  for (const r of rows) {
    const token = tokens.get(r.repair_job_id)!;
    const list = links.get(r.repair_job_id) ?? [];
    list.push({
      id: r.id,
      display_number: invoiceNumberText(r.series, r.number),
      pdf_path: `/api/repair-tracker/${token}/invoices/${r.id}/invoice.pdf`,
    });
    links.set(r.repair_job_id, list);
  }
  return links;
}
