/**
 * The accountant's CSV: every invoice and credit note issued in the range, then every payment
 * paid in it (net of its refunds), oldest first, streamed a keyset batch at a time so memory stays
 * the same however long the range (as the activity CSV, activity/activity-csv.ts). The range is
 * calendar dates at the shop, both included. Amounts are pounds with two decimals; a credit note's
 * are negative, so a column's sum is what the shop invoiced.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { databaseEngineOf } from '#server/db/database.ts';
import type { Keyset } from '#server/db/keyset.ts';
import { addDays, localMoment, wallClockInstant } from '#shared/calendar-date.ts';
import { invoiceNumberText } from '#shared/format/invoice-number.ts';
import { csvField } from '#server/activity/activity-csv.ts';
import * as repo from './invoices.repository.ts';

export const INVOICE_CSV_HEADER = [
  'Record',
  'Number',
  'Credits invoice',
  'Date',
  'When (ISO 8601)',
  'Job',
  'Customer',
  'Net',
  'VAT',
  'Gross',
  'Insurer share',
  'Excess',
  'Paid at issue',
  'Due at issue',
  'Payment method',
  'Payment purpose',
];

/** Rows a query: PostgreSQL's batches can be large; PGlite shares this thread, so its are small. */
const BATCH = { postgres: 2000, pglite: 250 } as const;

/** "1234.56", "-12.00": pence as pounds for a spreadsheet, no currency sign or grouping. */
export function poundsCell(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A cell a person typed (a name): an apostrophe before a leading formula trigger (OWASP's CSV injection advice). */
export function guardedCell(text: string): string {
  return csvField(/^[\s"']*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u.test(text) ? `'${text}` : text);
}

/** The instant a shop calendar date begins (midnight always exists in the shop's zones: clocks change at 01:00 or later). */
function startOf(date: string, timeZone: string): Date {
  return wallClockInstant(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function* invoiceCsvChunks(
  db: Kysely<Database>,
  range: { from: string; to: string },
  timeZone: string,
  options: { batch?: number } = {},
): AsyncGenerator<string> {
  const batch = options.batch ?? BATCH[await databaseEngineOf(db)];
  const from = startOf(range.from, timeZone);
  const to = startOf(addDays(range.to, 1), timeZone);
  const line = (cells: string[]) => `${cells.join(',')}\n`;
  const shopDate = (at: Date) => localMoment(at, timeZone).date;
  yield line(INVOICE_CSV_HEADER.map(csvField));

  // The number each credit note credits: read with its batch (one statement), kept only for it.
  let after: Keyset | undefined;
  for (;;) {
    const rows = await repo.listInvoicesIssuedBetween(db, from, to, batch, after);
    const creditedIds = [...new Set(rows.map((r) => r.credited_invoice_id).filter((v): v is number => v !== null))];
    const credited = new Map((await repo.listInvoiceNumbers(db, creditedIds)).map((r) => [r.id, invoiceNumberText(r.series, r.number)]));
    let text = '';
    for (const r of rows) {
      const sign = r.series === 'CN' ? -1 : 1;
      const issuedAt = new Date(r.issued_at);
      text += line([
        r.series === 'CN' ? 'Credit note' : 'Invoice',
        invoiceNumberText(r.series, r.number),
        r.credited_invoice_id === null ? '' : (credited.get(r.credited_invoice_id) ?? ''),
        shopDate(issuedAt),
        issuedAt.toISOString(),
        csvField(r.job_reference),
        guardedCell(r.customer_name),
        poundsCell(sign * r.net_pence),
        poundsCell(sign * r.vat_pence),
        poundsCell(sign * r.gross_pence),
        poundsCell(r.insurer_share_pence),
        poundsCell(r.excess_pence),
        poundsCell(r.paid_pence),
        poundsCell(r.due_pence),
        '',
        '',
      ]);
    }
    if (text) yield text;
    const last = rows.at(-1);
    if (rows.length < batch || !last) break;
    after = { micros: last.key_micros, id: String(last.id) };
    await nextTurn();
  }

  after = undefined;
  for (;;) {
    const rows = await repo.listPaymentsPaidBetween(db, from, to, batch, after);
    let text = '';
    for (const p of rows) {
      const paidAt = new Date(p.paid_at!);
      text += line([
        'Payment',
        String(p.id),
        '',
        shopDate(paidAt),
        paidAt.toISOString(),
        csvField(p.job_reference ?? ''),
        '',
        '',
        '',
        poundsCell(p.amount_pence - Number(p.refunded)),
        '',
        '',
        '',
        '',
        p.method,
        p.purpose,
      ]);
    }
    if (text) yield text;
    const last = rows.at(-1);
    if (rows.length < batch || !last) break;
    after = { micros: last.key_micros, id: String(last.id) };
    await nextTurn();
  }
}
