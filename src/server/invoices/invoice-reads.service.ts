/**
 * Reading issued documents: one with its lines (a PDF, a mail's attachment), the job's invoice
 * that stands, and the customer's own (by account, or by a verified address matching the
 * snapshot); another's is a 404, as one that does not exist.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import { ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT, type AccountPageInput } from '#shared/schemas/paging.ts';
import type { Invoice, MyInvoices } from '#shared/schemas/invoices.ts';
import * as repo from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import { presentInvoice } from './invoice-presenter.ts';
import { liveInvoiceOf, myInvoicePdfPath } from './invoices.service.ts';

type Db = Kysely<Database>;
type Deps = Pick<AppDeps, 'db'>;

/** A document with its lines, for its PDF or a mail's attachment. */
export async function readInvoice(db: Db, row: InvoiceRow): Promise<Invoice & { credited_number: string | null }> {
  const [lines, credited] = await Promise.all([
    repo.listLinesOfInvoices(db, [row.id]),
    row.credited_invoice_id === null ? undefined : repo.findInvoice(db, row.credited_invoice_id),
  ]);
  return { ...presentInvoice(row, lines), credited_number: credited ? invoiceNumberText(credited.series, credited.number) : null };
}

/** The job's invoice that stands (not credited in full), if any: the one the collection mail carries. */
export async function findLiveInvoiceOfJob(db: Db, repairJobId: number): Promise<InvoiceRow | undefined> {
  return liveInvoiceOf(await repo.listInvoicesOfRepairJob(db, repairJobId));
}

const verifiedEmailOf = (user: Pick<SessionUser, 'email' | 'email_verified_at'>) => (user.email_verified_at ? user.email : null);

/** One page of the signed-in customer's invoices and credit notes, newest first. */
export async function listMyInvoices(
  deps: Pick<Deps, 'db'>,
  user: Pick<SessionUser, 'id' | 'email' | 'email_verified_at'>,
  page: AccountPageInput = {},
): Promise<MyInvoices> {
  const limit = Math.min(page.limit ?? ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT);
  const found = await repo.listInvoicesOfCustomer(
    deps.db,
    user.id,
    verifiedEmailOf(user),
    limit + 1,
    page.cursor ? decodeCursor(page.cursor) : undefined,
  );
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return {
    data: rows.map((r) => ({
      id: r.id,
      series: r.series,
      display_number: invoiceNumberText(r.series, r.number),
      job_reference: r.job_reference,
      vehicle: r.vehicle,
      issued_at: new Date(r.issued_at).toISOString(),
      gross_pence: r.gross_pence,
      due_pence: r.due_pence,
      pdf_path: myInvoicePdfPath(r.id),
    })),
    next_cursor: found.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

/** A customer's own document, or a 404 (another's looks like one that does not exist). */
export async function findMyInvoice(
  db: Db,
  user: Pick<SessionUser, 'id' | 'email' | 'email_verified_at'>,
  id: number,
): Promise<InvoiceRow> {
  const row = await repo.findInvoiceOfCustomer(db, id, user.id, verifiedEmailOf(user));
  if (!row) throw AppError.notFound();
  return row;
}

/** A document of the job behind a tracker link, or a 404. */
export async function findJobInvoice(db: Db, repairJobId: number, id: number): Promise<InvoiceRow> {
  const row = await repo.findInvoice(db, id);
  if (!row || row.repair_job_id !== repairJobId) throw AppError.notFound();
  return row;
}

export async function findInvoiceOrNotFound(db: Db, id: number): Promise<InvoiceRow> {
  const row = await repo.findInvoice(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** The most documents an account export carries: far more than any customer has. */
const EXPORT_LIMIT = 1000;

/** The account's invoices and credit notes in its data export, as issued, newest first. */
export async function exportMyInvoices(deps: Deps, userId: number): Promise<Invoice[]> {
  const user = await findSessionUser(deps.db, userId);
  if (!user) return [];
  const rows = await repo.listAllInvoicesOfCustomer(deps.db, user.id, verifiedEmailOf(user), EXPORT_LIMIT);
  const lines = await repo.listLinesOfInvoices(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentInvoice(
      r,
      lines.filter((l) => l.invoice_id === r.id),
    ),
  );
}
