/**
 * The accountant's CSV (GET /api/admin/invoices/export): every invoice, credit note (negative) and
 * payment of the range, each once, however small the batches it is read in; a range outside
 * holds only the header; bad ranges are 422s before any byte; a typed name cannot start a
 * formula. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { acceptedJob } from '#test/support/accepted-jobs.ts';
import { invoiceCsvChunks, INVOICE_CSV_HEADER } from '#server/invoices/invoice-csv.ts';
import { localMoment } from '#shared/calendar-date.ts';
import type { JobInvoices } from '#shared/schemas/invoices.ts';

let t: TestApp;
let admin: TestClient;
const today = () => localMoment(new Date(), 'Europe/London').date;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  admin = (await adminClient(t)).client;
  await admin.csrf();
  await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number: 'GB 123 4567 89', validity_days: 30, terms: '' },
  });
});
afterAll(async () => {
  await t?.close();
});

async function issued(name?: string) {
  const { job } = await acceptedJob(t, admin, name === undefined ? {} : { name });
  const res = await admin.post(`/api/repair-jobs/${job.id}/invoices`);
  expect(res.status).toBe(201);
  return { job, invoice: (res.body as JobInvoices).documents.at(-1)! };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text.split('\n').filter((l) => l !== '');
}

describe('the invoices CSV', () => {
  it('holds every invoice, credit note and payment of the range, with net, VAT and gross', async () => {
    const a = await issued();
    const b = await issued('=HYPERLINK("http://x.example")');
    const credit = await admin.post(`/api/invoices/${a.invoice.id}/credit-notes`, { json: { reason: 'Wrong job' } });
    expect(credit.status).toBe(201);
    const note = (credit.body as JobInvoices).documents.find((d) => d.series === 'CN')!;
    await t.deps.db
      .insertInto('payments')
      .values({ repair_job_id: b.job.id, purpose: 'balance', method: 'cash', status: 'paid', amount_pence: 12345, paid_at: new Date() })
      .execute();

    const res = await admin.get('/api/admin/invoices/export', { query: { from: today(), to: today() } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${today()}-to-${today()}.csv"`);
    const lines = res.text.split('\n').filter((l) => l !== '');
    expect(lines[0]).toBe(INVOICE_CSV_HEADER.join(','));
    expect(lines).toHaveLength(1 + 3 + 1);
    const row = (start: string) => lines.find((l) => l.startsWith(start))!.split(',');
    expect(row(`Invoice,${a.invoice.display_number}`).slice(7, 14)).toEqual([
      '421.45',
      '81.79',
      '503.24',
      '0.00',
      '0.00',
      '0.00',
      '503.24',
    ]);
    expect(row(`Credit note,${note.display_number}`).slice(2, 3)).toEqual([a.invoice.display_number]);
    expect(row(`Credit note,${note.display_number}`).slice(7, 10)).toEqual(['-421.45', '-81.79', '-503.24']);
    expect(lines.find((l) => l.startsWith(`Invoice,${b.invoice.display_number}`))).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    const payment = lines.find((l) => l.startsWith('Payment,'))!.split(',');
    expect([payment[5], payment[9], payment[14], payment[15]]).toEqual([b.job.reference, '123.45', 'cash', 'balance']);
  });

  it('is complete however small the batches, each document once, oldest first', async () => {
    for (let i = 0; i < 4; i++) await issued();
    const count = (await t.deps.db.selectFrom('invoices').select('id').execute()).length;
    const lines = await collect(invoiceCsvChunks(t.deps.db, { from: today(), to: today() }, 'Europe/London', { batch: 2 }));
    const numbers = lines
      .slice(1)
      .filter((l) => !l.startsWith('Payment,'))
      .map((l) => l.split(',')[1]);
    expect(numbers).toHaveLength(count);
    expect(new Set(numbers).size).toBe(count);
    const whens = lines.slice(1, count + 1).map((l) => l.split(',')[4]!);
    expect([...whens].sort()).toEqual(whens);
  });

  it('holds only the header for a range with nothing in it, and refuses a bad range with a 422', async () => {
    const empty = await admin.get('/api/admin/invoices/export', { query: { from: '2020-01-01', to: '2020-01-31' } });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(`${INVOICE_CSV_HEADER.join(',')}\n`);
    const backwards = await admin.get('/api/admin/invoices/export', { query: { from: '2026-02-01', to: '2026-01-01' } });
    expect(backwards.status, backwards.text).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['The to date must be on or after the from date.'] });
    const long = await admin.get('/api/admin/invoices/export', { query: { from: '2025-01-01', to: '2026-01-02' } });
    expect(long.body.errors).toEqual({ to: ['The range must be at most 366 days.'] });
    expect((await admin.get('/api/admin/invoices/export', { query: { from: '2024-01-01', to: '2024-12-31' } })).status).toBe(200);
    const missing = await admin.get('/api/admin/invoices/export');
    expect(Object.keys(missing.body.errors).sort()).toEqual(['from', 'to']);
  });
});
