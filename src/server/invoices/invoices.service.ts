/**
 * Invoices and credit notes (docs/rest-contract.md "Invoices"). An invoice is issued for a repair
 * job from its accepted estimate version (a supplement is a later version, so the accepted one
 * holds every line), with the insurer's share and the customer's excess for an insured job and
 * what was paid by then; a credit note credits an invoice in full, stated lines of it, or an
 * amount (credit-notes.service.ts). Each takes the next number of its series in the same transaction that writes it
 * (docs/decisions/gap-free-invoice-numbers-and-immutable-invoices.md), and nothing changes after.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import * as jobs from '#server/repair-jobs/repair-jobs.repository.ts';
import * as estimatesRepo from '#server/estimates/estimates.repository.ts';
import * as versionsRepo from '#server/estimates/estimate-versions.repository.ts';
import * as estimateLines from '#server/estimates/estimate-lines.repository.ts';
import { presentLines } from '#server/estimates/estimate-presenter.ts';
import { findClaimOfRepairJob } from '#server/insurance/insurance-claims.repository.ts';
import { netPaidPenceOfRepairJob } from '#server/payments/payments.repository.ts';
import { localMoment } from '#shared/calendar-date.ts';
import { formatAddressLine } from '#shared/format/address.ts';
import { formatPence } from '#shared/format/money.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import { INVOICE_MESSAGES, type JobInvoices } from '#shared/schemas/invoices.ts';
import * as repo from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { presentInvoice } from './invoice-presenter.ts';

type Db = Kysely<Database>;
type Deps = Pick<AppDeps, 'db' | 'publicContent'>;

/** The admin's download of a document (the REST door's path). */
export const adminInvoicePdfPath = (id: number) => `/api/invoices/${id}/invoice.pdf`;
/** The customer's download from their account. */
export const myInvoicePdfPath = (id: number) => `/api/user/invoices/${id}/invoice.pdf`;

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The accepted version of the estimate of the job's quote request, with its lines; undefined when there is none. */
async function acceptedVersionOf(db: Db, job: jobs.RepairJobRow) {
  if (job.quote_request_id === null) return undefined;
  const estimate = await estimatesRepo.findEstimateOfQuote(db, job.quote_request_id);
  // A supplement sent and not yet answered leaves the estimate 'sent': nothing is accepted as it stands.
  if (!estimate || estimate.status !== 'accepted') return undefined;
  const versions = await versionsRepo.listVersionsOfEstimate(db, estimate.id);
  const version = versions.filter((v) => v.status === 'accepted').at(-1);
  if (!version) return undefined;
  const lines = await estimateLines.listLinesOfVersions(db, [version.id]);
  return lines.length > 0 ? { version, lines } : undefined;
}

/** How much of each invoice its credit notes have credited, by invoice id. */
function creditedByInvoice(documents: readonly InvoiceRow[]): Map<number, number> {
  const credited = new Map<number, number>();
  for (const d of documents)
    if (d.credited_invoice_id !== null) credited.set(d.credited_invoice_id, (credited.get(d.credited_invoice_id) ?? 0) + d.gross_pence);
  return credited;
}

/** An invoice not credited in full: a job has at most one, so a second needs the first credited. */
export function liveInvoiceOf(documents: readonly InvoiceRow[]): InvoiceRow | undefined {
  const credited = creditedByInvoice(documents);
  return documents.find((d) => d.series === 'INV' && (credited.get(d.id) ?? 0) < d.gross_pence);
}

async function whyNotIssue(db: Db, job: jobs.RepairJobRow, documents: readonly InvoiceRow[]): Promise<string | null> {
  if (liveInvoiceOf(documents)) return INVOICE_MESSAGES.liveInvoice;
  if (!(await acceptedVersionOf(db, job))) return INVOICE_MESSAGES.noAcceptedEstimate;
  return null;
}

export async function getJobInvoices(deps: Pick<Deps, 'db'>, repairJobId: number): Promise<JobInvoices> {
  const job = await jobs.findRepairJob(deps.db, repairJobId);
  if (!job) throw AppError.notFound();
  const documents = await repo.listInvoicesOfRepairJob(deps.db, job.id);
  const lines = await repo.listLinesOfInvoices(
    deps.db,
    documents.map((d) => d.id),
  );
  const credited = creditedByInvoice(documents);
  const reason = await whyNotIssue(deps.db, job, documents);
  return {
    repair_job_id: job.id,
    can_issue: reason === null,
    cannot_issue_reason: reason,
    documents: documents.map((d) => ({
      ...presentInvoice(
        d,
        lines.filter((l) => l.invoice_id === d.id),
      ),
      credited_pence: credited.get(d.id) ?? 0,
      pdf_path: adminInvoicePdfPath(d.id),
    })),
  };
}

/** Today's calendar date at the shop: the tax point of a document issued now. */
export const shopDate = (now: Date, timeZone: string) => localMoment(now, timeZone).date;

/**
 * Issues the job's invoice. The job's row lock serialises two issuers of one job (the second then
 * finds the first's live invoice); the series counter's row lock serialises every issuer's number.
 */
export async function issueInvoice(deps: Deps, actor: Actor, repairJobId: number, now = new Date()): Promise<JobInvoices> {
  const shop = await readShop(deps);
  await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.findRepairJob(trx, repairJobId, { lock: true });
    if (!job) throw AppError.notFound();
    const documents = await repo.listInvoicesOfRepairJob(trx, job.id);
    if (liveInvoiceOf(documents)) throw AppError.field('invoice', INVOICE_MESSAGES.liveInvoice);
    const source = await acceptedVersionOf(trx, job);
    if (!source) throw AppError.field('invoice', INVOICE_MESSAGES.noAcceptedEstimate);
    // The figures the customer accepted: the version's lines at the VAT it was sent with.
    const priced = presentLines(source.lines, source.version.vat_number);
    const gross = priced.totals.gross_pence;
    const claim = await findClaimOfRepairJob(trx, job);
    // The customer pays the excess; the insurer the rest, up to its authority when one is recorded.
    const excess = claim ? Math.min(claim.excess_pence, gross) : 0;
    const insurerShare = claim ? Math.min(gross - excess, claim.authorised_pence ?? gross - excess) : 0;
    const paid = await netPaidPenceOfRepairJob(trx, job);
    const due = Math.max(0, gross - insurerShare - paid);
    const number = await repo.takeNextNumber(trx, 'INV');
    const invoice = await repo.insertInvoice(trx, {
      series: 'INV',
      number,
      credited_invoice_id: null,
      repair_job_id: job.id,
      user_id: job.user_id,
      estimate_version_id: source.version.id,
      issued_at: now,
      supplied_on: shopDate(now, shop.timeZone),
      issued_by: actor.userId,
      shop_name: shop.name,
      shop_address: formatAddressLine(shop),
      shop_vat_number: source.version.vat_number,
      customer_name: job.customer_name,
      // The shop holds no postal address for a repair customer: their e-mail is how it reaches them.
      customer_address: '',
      customer_email: job.customer_email,
      job_reference: job.reference,
      vehicle: job.vehicle,
      registration: job.registration,
      net_pence: priced.totals.net_pence,
      vat_pence: priced.totals.vat_pence,
      gross_pence: gross,
      insurer_name: claim?.insurer_name ?? null,
      claim_number: claim?.claim_number ?? null,
      insurer_share_pence: insurerShare,
      excess_pence: excess,
      paid_pence: paid,
      due_pence: due,
    });
    await repo.insertInvoiceLines(
      trx,
      priced.lines.map((l, i) => ({
        invoice_id: invoice.id,
        position: i + 1,
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        unit_price_pence: l.unit_price_pence,
        vat_rate_bp: l.vat_rate_bp,
        net_pence: l.net_pence,
        vat_pence: l.vat_pence,
        gross_pence: l.gross_pence,
        credited_line_id: null,
      })),
    );
    await recordActivity(trx, {
      actor,
      kind: 'invoice-issued',
      item: { type: 'invoice', id: invoice.id, label: invoiceNumberText('INV', number) },
      details: `${job.reference}, ${formatPence(gross)}`,
    });
  });
  return getJobInvoices(deps, repairJobId);
}
