// Every SQL statement on invoices, credit notes, their lines and the series counters. Repositories
// never open a transaction: the service does (issuing takes the number and writes the rows in one).
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';
import type { InvoiceSeries } from '#shared/value-sets.ts';
import type { InvoicesTable } from './invoices.table.ts';
import type { InvoiceLinesTable } from './invoice-lines.table.ts';

type Db = Kysely<Database>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;

/**
 * The next number of a series: the counter row is raised and read in one statement, which holds
 * its row lock until the transaction ends, so a second issuer waits and takes the number after;
 * a rollback undoes the raise, so no number is lost.
 */
export async function takeNextNumber(db: Db, series: InvoiceSeries): Promise<number> {
  const row = await db
    .updateTable('invoice_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertInvoice(db: Db, values: Insertable<InvoicesTable>): Promise<InvoiceRow> {
  return db.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertInvoiceLines(db: Db, lines: Insertable<InvoiceLinesTable>[]): Promise<void> {
  if (lines.length > 0) await db.insertInto('invoice_lines').values(lines).execute();
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lines of these documents, in order: one statement for all. */
export async function listLinesOfInvoices(db: Db, invoiceIds: readonly number[]): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', 'in', [...invoiceIds])
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

/** A job's invoices and credit notes, oldest first; a job has a handful, so at most `limit`. */
export async function listInvoicesOfRepairJob(db: Db, repairJobId: number, limit = 100): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('repair_job_id', '=', repairJobId)
    .orderBy('issued_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** The credit notes against an invoice, oldest first (an invoice has a few), at most `limit`. */
export async function listCreditNotesOf(db: Db, invoiceId: number, limit = 100): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('credited_invoice_id', '=', invoiceId).orderBy('id', 'asc').limit(limit).execute();
}

/** A customer's documents: theirs by account, or by a verified e-mail address that matches the snapshot. */
function ofCustomer(db: Db, userId: number, verifiedEmail: string | null) {
  return db
    .selectFrom('invoices')
    .where((eb) =>
      verifiedEmail
        ? eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(customer_email)`, '=', verifiedEmail.toLowerCase())])
        : eb('user_id', '=', userId),
    );
}

/** One page of a customer's invoices and credit notes, newest first, after the cursor (keyset on issued_at, id). */
export async function listInvoicesOfCustomer(
  db: Db,
  userId: number,
  verifiedEmail: string | null,
  limit: number,
  cursor: Keyset | undefined,
): Promise<(InvoiceRow & { key_micros: string })[]> {
  let query = ofCustomer(db, userId, verifiedEmail).selectAll().select(keysetMicros('issued_at').as('key_micros'));
  if (cursor) query = query.where(afterKeyset('issued_at', 'id', cursor));
  return query.orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A customer's document by id, or undefined when it is not theirs (the caller's 404). */
export async function findInvoiceOfCustomer(db: Db, id: number, userId: number, verifiedEmail: string | null) {
  return ofCustomer(db, userId, verifiedEmail).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every document of a customer, for the account export: at most `limit`, newest first. */
export async function listAllInvoicesOfCustomer(db: Db, userId: number, verifiedEmail: string | null, limit: number) {
  return ofCustomer(db, userId, verifiedEmail).selectAll().orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A batch of the documents issued in [from, to), oldest first, after the keyset (the CSV's walk). */
export async function listInvoicesIssuedBetween(db: Db, from: Date, to: Date, limit: number, after: Keyset | undefined) {
  let query = db
    .selectFrom('invoices')
    .selectAll()
    .select(keysetMicros('issued_at').as('key_micros'))
    .where('issued_at', '>=', from)
    .where('issued_at', '<', to);
  if (after) query = query.where(afterKeyset('issued_at', 'id', after, 'asc'));
  return query.orderBy('issued_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** A batch of the payments paid in [from, to) with their job's reference, oldest first, after the keyset. */
export async function listPaymentsPaidBetween(db: Db, from: Date, to: Date, limit: number, after: Keyset | undefined) {
  let query = db
    .selectFrom('payments as p')
    .leftJoin('repair_jobs as j', 'j.id', 'p.repair_job_id')
    .select([
      'p.id',
      'p.paid_at',
      'p.amount_pence',
      'p.method',
      'p.purpose',
      'p.repair_job_id',
      'j.reference as job_reference',
      keysetMicros('p.paid_at').as('key_micros'),
      sql<string>`coalesce((select sum(r.amount_pence) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0)`.as(
        'refunded',
      ),
    ])
    .where('p.status', '=', 'paid')
    .where('p.paid_at', '>=', from)
    .where('p.paid_at', '<', to);
  if (after) query = query.where(afterKeyset('p.paid_at', 'p.id', after, 'asc'));
  return query.orderBy('p.paid_at', 'asc').orderBy('p.id', 'asc').limit(limit).execute();
}

/** The series and number of these documents (the invoices a CSV batch's credit notes credit): one statement. */
export async function listInvoiceNumbers(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(['id', 'series', 'number'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The documents of these jobs (their trackers' download links), oldest first: one statement, a handful each. */
export async function listInvoicesOfRepairJobs(db: Db, repairJobIds: readonly number[]) {
  if (repairJobIds.length === 0) return [];
  return db
    .selectFrom('invoices')
    .select(['id', 'repair_job_id', 'series', 'number'])
    .where('repair_job_id', 'in', [...repairJobIds])
    .orderBy('issued_at', 'asc')
    .orderBy('id', 'asc')
    .limit(repairJobIds.length * 100)
    .execute();
}
