/**
 * Credit notes (docs/rest-contract.md "Invoices"): against an invoice, in full, for stated lines
 * of it (each once), or for an amount before VAT at a rate, never more than is left to credit,
 * with a reason, numbered in the CN series in the transaction that writes it
 * (docs/decisions/gap-free-invoice-numbers-and-immutable-invoices.md).
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import * as jobs from '#server/repair-jobs/repair-jobs.repository.ts';
import { formatPence } from '#shared/format/money.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import { CREDIT_DESCRIPTION_MAX, INVOICE_MESSAGES, type CreditNoteInput, type JobInvoices } from '#shared/schemas/invoices.ts';
import * as repo from './invoices.repository.ts';
import type { InvoiceLineRow, InvoiceRow } from './invoices.repository.ts';
import { priceInvoiceLines } from './invoice-presenter.ts';
import { getJobInvoices, shopDate, sum } from './invoices.service.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent'>;

type NewLine = Omit<InvoiceLineRow, 'id' | 'invoice_id' | 'position'>;

/** The lines a credit note carries: the invoice's (all, or those named) as issued, or one line for an amount. */
function creditLines(
  invoice: InvoiceRow,
  lines: readonly InvoiceLineRow[],
  earlierCredits: readonly InvoiceLineRow[],
  input: CreditNoteInput,
  creditCount: number,
): NewLine[] {
  const copy = (l: InvoiceLineRow): NewLine => ({
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unit_price_pence: l.unit_price_pence,
    vat_rate_bp: l.vat_rate_bp,
    net_pence: l.net_pence,
    vat_pence: l.vat_pence,
    gross_pence: l.gross_pence,
    credited_line_id: l.id,
  });
  if (input.line_ids !== undefined && input.net_pence !== undefined) throw AppError.field('net_pence', INVOICE_MESSAGES.linesOrAmount);
  if (input.line_ids !== undefined) {
    const credited = new Set(earlierCredits.map((l) => l.credited_line_id));
    const chosen = [...new Set(input.line_ids)].map((id) => lines.find((l) => l.id === id));
    if (chosen.some((l) => l === undefined)) throw AppError.field('line_ids', INVOICE_MESSAGES.lineNotOnInvoice);
    if (chosen.some((l) => credited.has(l!.id))) throw AppError.field('line_ids', INVOICE_MESSAGES.lineCredited);
    return chosen.map((l) => copy(l!));
  }
  if (input.net_pence !== undefined) {
    // Not VAT-registered when issued: no VAT to credit either.
    const rate = invoice.shop_vat_number === '' ? 0 : input.vat_rate_bp;
    if (rate === undefined) throw AppError.field('vat_rate_bp', 'The vat rate bp field is required.');
    const description = (input.description ?? `Credit: ${input.reason}`).slice(0, CREDIT_DESCRIPTION_MAX);
    const [line] = priceInvoiceLines([
      { kind: 'sundries' as const, quantity: 1, unit_price_pence: input.net_pence, vat_rate_bp: rate },
    ]).lines;
    return [{ ...line!, description, credited_line_id: null }];
  }
  if (creditCount > 0) throw AppError.field('line_ids', INVOICE_MESSAGES.alreadyCredited);
  return lines.map(copy);
}

/** Issues a credit note against invoice `input.id`; the job's row lock serialises two against one invoice. */
export async function issueCreditNote(deps: Deps, actor: Actor, input: CreditNoteInput, now = new Date()): Promise<JobInvoices> {
  const shop = await readShop(deps);
  const jobId = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findInvoice(trx, input.id);
    if (!found) throw AppError.notFound();
    const job = await jobs.findRepairJob(trx, found.repair_job_id, { lock: true });
    if (!job) throw AppError.notFound();
    if (found.series !== 'INV') throw AppError.field('invoice', INVOICE_MESSAGES.notAnInvoice);
    const documents = await repo.listInvoicesOfRepairJob(trx, job.id);
    const credits = documents.filter((d) => d.credited_invoice_id === found.id);
    const remaining = found.gross_pence - sum(credits.map((c) => c.gross_pence));
    if (remaining <= 0) throw AppError.field('invoice', INVOICE_MESSAGES.fullyCredited);
    const allLines = await repo.listLinesOfInvoices(trx, [found.id, ...credits.map((c) => c.id)]);
    const lines = creditLines(
      found,
      allLines.filter((l) => l.invoice_id === found.id),
      allLines.filter((l) => l.invoice_id !== found.id),
      input,
      credits.length,
    );
    const gross = sum(lines.map((l) => l.gross_pence));
    if (gross > remaining) throw AppError.field(input.net_pence !== undefined ? 'net_pence' : 'line_ids', INVOICE_MESSAGES.tooMuch);
    const number = await repo.takeNextNumber(trx, 'CN');
    const note = await repo.insertInvoice(trx, {
      series: 'CN',
      number,
      credited_invoice_id: found.id,
      repair_job_id: job.id,
      user_id: found.user_id,
      estimate_version_id: null,
      issued_at: now,
      supplied_on: shopDate(now, shop.timeZone),
      issued_by: actor.userId,
      shop_name: found.shop_name,
      shop_address: found.shop_address,
      shop_vat_number: found.shop_vat_number,
      customer_name: found.customer_name,
      customer_address: found.customer_address,
      customer_email: found.customer_email,
      job_reference: found.job_reference,
      vehicle: found.vehicle,
      registration: found.registration,
      net_pence: sum(lines.map((l) => l.net_pence)),
      vat_pence: sum(lines.map((l) => l.vat_pence)),
      gross_pence: gross,
      insurer_name: found.insurer_name,
      claim_number: found.claim_number,
      reason: input.reason,
    });
    await repo.insertInvoiceLines(
      trx,
      lines.map((l, i) => ({ ...l, invoice_id: note.id, position: i + 1 })),
    );
    await recordActivity(trx, {
      actor,
      kind: 'credit-note-issued',
      item: { type: 'invoice', id: note.id, label: invoiceNumberText('CN', number) },
      details: `against ${invoiceNumberText('INV', found.number)}, ${formatPence(gross)}`,
    });
    return job.id;
  });
  return getJobInvoices(deps, jobId);
}
