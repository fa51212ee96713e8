/**
 * Invoices and credit notes through the REST door (docs/rest-contract.md "Invoices"): issued from
 * the accepted estimate with gap-free numbers per series (consecutive when two are issued at
 * once, none lost to a rollback), refused without an accepted estimate or while one stands, never
 * changed by the database afterwards, credited in full, by line or by amount, split between the
 * insurer and the excess, read back from the PDF, and the customer's own only (404 otherwise).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { acceptedJob } from '#test/support/accepted-jobs.ts';
import { insertRepairJob } from '#test/support/work-rows.ts';
import { takeNextNumber } from '#server/invoices/invoices.repository.ts';
import type { JobInvoices } from '#shared/schemas/invoices.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  admin = (await adminClient(t)).client;
  await admin.csrf();
  const res = await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number: 'GB 123 4567 89', validity_days: 30, terms: 'Parts ordered are non-returnable.' },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function issue(jobId: number) {
  const res = await admin.post(`/api/repair-jobs/${jobId}/invoices`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as JobInvoices;
}

const lastInvoice = (body: JobInvoices) => body.documents.filter((d) => d.series === 'INV').at(-1)!;
const counter = async (series: 'INV' | 'CN') =>
  (await t.deps.db.selectFrom('invoice_counters').select('last_number').where('series', '=', series).executeTakeFirstOrThrow()).last_number;

describe('issuing an invoice', () => {
  it('copies the accepted estimate with VAT per line, the shop and the customer, and refuses a second while it stands', async () => {
    const { job, email } = await acceptedJob(t, admin);
    const before = await admin.get(`/api/repair-jobs/${job.id}/invoices`);
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toMatchObject({ can_issue: true, cannot_issue_reason: null, documents: [] });

    const body = await issue(job.id);
    const invoice = lastInvoice(body);
    expect(invoice).toMatchObject({
      series: 'INV',
      display_number: `INV-${String(invoice.number).padStart(6, '0')}`,
      job_reference: job.reference,
      shop_vat_number: 'GB123456789',
      vat_registered: true,
      customer_name: 'Jo Customer',
      customer_email: email,
      paid_pence: 0,
      due_pence: 50324,
      insurer_name: null,
      insurer_share_pence: 0,
      credited_pence: 0,
      pdf_path: `/api/invoices/${invoice.id}/invoice.pdf`,
    });
    expect(invoice.totals).toEqual({
      net_pence: 42145,
      vat_pence: 8179,
      gross_pence: 50324,
      by_rate: [
        { vat_rate_bp: 0, net_pence: 1250, vat_pence: 0 },
        { vat_rate_bp: 2000, net_pence: 40895, vat_pence: 8179 },
      ],
    });
    expect(invoice.lines.map((l) => [l.vat_rate_bp, l.net_pence, l.vat_pence, l.gross_pence])).toEqual([
      [2000, 18500, 3700, 22200],
      [2000, 13750, 2750, 16500],
      [2000, 8645, 1729, 10374],
      [0, 1250, 0, 1250],
    ]);
    expect(invoice.supplied_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.can_issue).toBe(false);

    const again = await admin.post(`/api/repair-jobs/${job.id}/invoices`);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      invoice: ['This job already has an invoice: issue a credit note against it before invoicing again.'],
    });
    const logged = await t.deps.db
      .selectFrom('activity_entries')
      .select(['kind', 'item_label'])
      .where('kind', '=', 'invoice-issued')
      .execute();
    expect(logged).toContainEqual({ kind: 'invoice-issued', item_label: invoice.display_number });
  });

  it('is refused without an accepted estimate (none, or sent and unanswered), and an unknown job is a 404; no number is used', async () => {
    const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow();
    const bare = await insertRepairJob(t.deps.db, { stage_id: stage.id });
    const { job: unanswered } = await acceptedJob(t, admin, { accept: false });
    const used = await counter('INV');
    for (const id of [bare.id, unanswered.id]) {
      const res = await admin.post(`/api/repair-jobs/${id}/invoices`);
      expect(res.status).toBe(422);
      expect(res.body.errors.invoice[0]).toMatch(/no accepted estimate/);
    }
    expect((await admin.get(`/api/repair-jobs/${unanswered.id}/invoices`)).body.can_issue).toBe(false);
    expect((await admin.post('/api/repair-jobs/999999/invoices')).status).toBe(404);
    expect(await counter('INV')).toBe(used);
  });
});

describe('a supplement', () => {
  it('must be accepted before invoicing, and its lines are what the invoice holds', async () => {
    const { job, quote, estimateToken } = await acceptedJob(t, admin);
    const draft = await admin.get(`/api/quote-requests/${quote.id}/estimate`);
    const lines = draft.body.estimate.versions.at(-1).lines.map((l: Record<string, unknown>) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unit_price_pence: l.unit_price_pence,
      vat_rate_bp: l.vat_rate_bp,
    }));
    const extra = { kind: 'part', description: 'Hidden bracket', quantity: 2, unit_price_pence: 1000, vat_rate_bp: 2000 };
    expect(
      (await admin.put(`/api/quote-requests/${quote.id}/estimate/draft`, { json: { notes: '', lines: [...lines, extra] } })).status,
    ).toBe(200);
    expect((await admin.post(`/api/quote-requests/${quote.id}/estimate/send`)).status).toBe(201);
    const waiting = await admin.post(`/api/repair-jobs/${job.id}/invoices`);
    expect(waiting.status).toBe(422);
    expect(waiting.body.errors.invoice[0]).toMatch(/and any supplement/);

    const anon = new TestClient(t.app);
    await anon.csrf();
    const estimate = await anon.get(`/api/estimates/${estimateToken}`);
    const accepted = await anon.post(`/api/estimates/${estimateToken}/acceptance`, {
      json: { version_hash: estimate.body.version.content_hash, name: 'Jo Customer', start_within_cancellation: false },
      headers: { 'x-forwarded-for': '10.78.0.1' },
    });
    expect(accepted.status).toBe(201);
    const invoice = lastInvoice(await issue(job.id));
    expect(invoice.lines.map((l) => l.description)).toContain('Hidden bracket');
    expect(invoice.totals.gross_pence).toBe(50324 + 2400);
  });
});

describe('numbering', () => {
  it('is sequential and gap-free: a rolled-back number is taken again', async () => {
    const jobs = [await acceptedJob(t, admin), await acceptedJob(t, admin), await acceptedJob(t, admin)];
    const first = lastInvoice(await issue(jobs[0]!.job.id)).number;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await takeNextNumber(trx, 'INV');
        throw new Error('the issuing failed after taking its number');
      }),
    ).rejects.toThrow('the issuing failed');
    const second = lastInvoice(await issue(jobs[1]!.job.id)).number;
    const third = lastInvoice(await issue(jobs[2]!.job.id)).number;
    expect([second, third]).toEqual([first + 1, first + 2]);
    const numbers = (await t.deps.db.selectFrom('invoices').select('number').where('series', '=', 'INV').orderBy('number').execute()).map(
      (r) => r.number,
    );
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('gives two invoices issued at once consecutive numbers, and one job only one invoice', async () => {
    const [a, b] = [await acceptedJob(t, admin), await acceptedJob(t, admin)];
    const [ra, rb] = await Promise.all([
      admin.post(`/api/repair-jobs/${a.job.id}/invoices`),
      admin.post(`/api/repair-jobs/${b.job.id}/invoices`),
    ]);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const numbers = [lastInvoice(ra.body).number, lastInvoice(rb.body).number].sort((x, y) => x - y);
    expect(numbers[1]).toBe(numbers[0]! + 1);

    const c = await acceptedJob(t, admin);
    const both = await Promise.all([
      admin.post(`/api/repair-jobs/${c.job.id}/invoices`),
      admin.post(`/api/repair-jobs/${c.job.id}/invoices`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await t.deps.db.selectFrom('invoices').select('id').where('repair_job_id', '=', c.job.id).execute()).toHaveLength(1);
  });
});

describe('an issued invoice', () => {
  it('is never changed nor deleted: the database refuses, lines too; deleting the account keeps it', async () => {
    const { user } = await clientAs(t);
    const { job } = await acceptedJob(t, admin, { userId: user.id, email: user.email });
    const invoice = lastInvoice(await issue(job.id));
    expect((await t.deps.db.selectFrom('invoices').select('user_id').where('id', '=', invoice.id).executeTakeFirstOrThrow()).user_id).toBe(
      user.id,
    );
    await expect(t.deps.db.updateTable('invoices').set({ gross_pence: 1 }).where('id', '=', invoice.id).execute()).rejects.toThrow(
      /never changes/,
    );
    await expect(
      t.deps.db.updateTable('invoices').set({ user_id: null, customer_name: 'X' }).where('id', '=', invoice.id).execute(),
    ).rejects.toThrow(/never changes/);
    await expect(t.deps.db.deleteFrom('invoices').where('id', '=', invoice.id).execute()).rejects.toThrow(/never changes/);
    await expect(sql`update invoice_lines set net_pence = 0 where invoice_id = ${invoice.id}`.execute(t.deps.db)).rejects.toThrow(
      /never change/,
    );
    await expect(t.deps.db.deleteFrom('invoice_lines').where('invoice_id', '=', invoice.id).execute()).rejects.toThrow(/never change/);

    await t.deps.db.deleteFrom('users').where('id', '=', user.id).execute();
    const kept = await t.deps.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ user_id: null, customer_name: 'Jo Customer', gross_pence: 50324 });
  });
});

describe('credit notes', () => {
  it('credit in full with their own CN number, after which the job can be invoiced again', async () => {
    const { job } = await acceptedJob(t, admin);
    const invoice = lastInvoice(await issue(job.id));
    const cnBefore = await counter('CN');
    const noReason = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: {} });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ['The reason field is required.'] });

    const full = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'Invoiced to the wrong name' } });
    expect(full.status).toBe(201);
    const body = full.body as JobInvoices;
    const note = body.documents.find((d) => d.series === 'CN')!;
    expect(note).toMatchObject({
      number: cnBefore + 1,
      display_number: `CN-${String(cnBefore + 1).padStart(6, '0')}`,
      credited_invoice_id: invoice.id,
      reason: 'Invoiced to the wrong name',
      totals: { net_pence: 42145, vat_pence: 8179, gross_pence: 50324 },
    });
    expect(note.lines.map((l) => l.credited_line_id)).toEqual(invoice.lines.map((l) => l.id));
    expect(body.documents.find((d) => d.id === invoice.id)!.credited_pence).toBe(50324);
    expect(body.can_issue).toBe(true);

    const twice = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'Again' } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ invoice: ['This invoice is credited in full already.'] });
    const ofNote = await admin.post(`/api/invoices/${note.id}/credit-notes`, { json: { reason: 'No' } });
    expect(ofNote.body.errors).toEqual({ invoice: ['A credit note is issued against an invoice, not another credit note.'] });
    expect((await admin.post('/api/invoices/999999/credit-notes', { json: { reason: 'No' } })).status).toBe(404);

    const reissued = await issue(job.id);
    expect(reissued.documents.filter((d) => d.series === 'INV')).toHaveLength(2);
  });

  it('credit stated lines once each, or an amount at a VAT rate, never more than is left', async () => {
    const { job } = await acceptedJob(t, admin);
    const invoice = lastInvoice(await issue(job.id));
    const [bumper, labour] = invoice.lines;
    const cnBefore = await counter('CN');
    const byLine = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, {
      json: { reason: 'Bumper not fitted', line_ids: [bumper!.id] },
    });
    expect(byLine.status).toBe(201);
    const first = (byLine.body as JobInvoices).documents.filter((d) => d.series === 'CN').at(-1)!;
    expect(first.totals).toMatchObject({ net_pence: 18500, vat_pence: 3700, gross_pence: 22200 });
    expect(first.number).toBe(cnBefore + 1);

    const sameLine = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'Again', line_ids: [bumper!.id] } });
    expect(sameLine.body.errors).toEqual({ line_ids: ['A selected line has been credited already.'] });
    const foreign = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'X', line_ids: [first.lines[0]!.id] } });
    expect(foreign.body.errors).toEqual({ line_ids: ['A selected line is not on this invoice.'] });
    const full = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'All of it' } });
    expect(full.body.errors.line_ids[0]).toMatch(/has a credit note already/);
    const both = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, {
      json: { reason: 'X', line_ids: [labour!.id], net_pence: 100, vat_rate_bp: 2000 },
    });
    expect(both.body.errors).toEqual({ net_pence: ['Give the lines to credit or an amount, not both.'] });
    const noRate = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'X', net_pence: 100 } });
    expect(noRate.body.errors).toEqual({ vat_rate_bp: ['The vat rate bp field is required.'] });

    const amount = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, {
      json: { reason: 'Goodwill for the delay', net_pence: 1005, vat_rate_bp: 2000 },
    });
    expect(amount.status).toBe(201);
    const second = (amount.body as JobInvoices).documents.filter((d) => d.series === 'CN').at(-1)!;
    // 20 % of £10.05 is 201p (201.0): half up per line, as every line.
    expect(second.totals).toMatchObject({ net_pence: 1005, vat_pence: 201, gross_pence: 1206 });
    expect(second.lines[0]!.description).toBe('Credit: Goodwill for the delay');
    expect(second.number).toBe(first.number + 1);

    const left = 50324 - 22200 - 1206;
    const tooMuch = await admin.post(`/api/invoices/${invoice.id}/credit-notes`, {
      json: { reason: 'Too much', net_pence: Math.ceil(left / 1.2) + 1, vat_rate_bp: 2000 },
    });
    expect(tooMuch.body.errors).toEqual({ net_pence: ['The credit is more than is left to credit on this invoice.'] });
    const logged = await t.deps.db.selectFrom('activity_entries').select('item_label').where('kind', '=', 'credit-note-issued').execute();
    expect(logged.map((l) => l.item_label)).toEqual(expect.arrayContaining([first.display_number, second.display_number]));
  });
});

describe('an insured job', () => {
  it("splits the total between the insurer and the customer's excess, less what was paid, and the PDF says so", async () => {
    const { job } = await acceptedJob(t, admin, { insured: { excess_pence: 25000, authorised_pence: 150000 } });
    await t.deps.db
      .insertInto('payments')
      .values({
        repair_job_id: job.id,
        purpose: 'excess',
        method: 'card_machine',
        status: 'paid',
        amount_pence: 10000,
        paid_at: new Date(),
      })
      .execute();
    const invoice = lastInvoice(await issue(job.id));
    expect(invoice).toMatchObject({ excess_pence: 25000, insurer_share_pence: 25324, paid_pence: 10000, due_pence: 15000 });
    expect(invoice.insurer_name).toMatch(/^Insurer /);
    expect(invoice.claim_number).toMatch(/^CLM-/);

    const res = await admin.get(invoice.pdf_path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.display_number}.pdf"`);
    const text = await pdfText(res.bytes);
    for (const words of [
      `VAT invoice ${invoice.display_number}`,
      'VAT number: GB123456789',
      'Total before VAT',
      '£421.45',
      'VAT at 20% on £408.95',
      '£81.79',
      'Total including VAT',
      '£503.24',
      `Payable by ${invoice.insurer_name}`,
      '£253.24',
      'Excess payable by you',
      '£250',
      'Paid',
      '£100',
      'Due from you',
      '£150',
      'Rear bumper cover',
      job.reference,
    ])
      expect(text, words).toContain(words);
  });

  it('leaves the customer what the authority does not cover', async () => {
    const { job } = await acceptedJob(t, admin, { insured: { excess_pence: 10000, authorised_pence: 30000 } });
    const invoice = lastInvoice(await issue(job.id));
    expect(invoice).toMatchObject({ excess_pence: 10000, insurer_share_pence: 30000, due_pence: 50324 - 30000 });
  });
});

describe('the credit note PDF', () => {
  it('names the invoice it credits, the reason and the amounts', async () => {
    const { job } = await acceptedJob(t, admin);
    const invoice = lastInvoice(await issue(job.id));
    const body = (await admin.post(`/api/invoices/${invoice.id}/credit-notes`, { json: { reason: 'Paint faded' } })).body as JobInvoices;
    const note = body.documents.find((d) => d.series === 'CN')!;
    const text = await pdfText((await admin.get(note.pdf_path)).bytes);
    for (const words of [
      `Credit note ${note.display_number}`,
      `Credits invoice ${invoice.display_number}`,
      'Reason: Paint faded',
      '£503.24',
      'GB123456789',
    ])
      expect(text, words).toContain(words);
  });
});

describe('the customer', () => {
  it('lists and downloads their own invoices; another customer gets a 404; the tracker link opens only its job’s', async () => {
    const { client: mine, user } = await clientAs(t);
    const { client: other } = await clientAs(t);
    const { job, trackerToken } = await acceptedJob(t, admin, { userId: user.id, email: user.email });
    const { job: elsewhere } = await acceptedJob(t, admin);
    const invoice = lastInvoice(await issue(job.id));
    const foreign = lastInvoice(await issue(elsewhere.id));

    const list = await mine.get('/api/user/invoices');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: invoice.id,
        display_number: invoice.display_number,
        gross_pence: 50324,
        pdf_path: `/api/user/invoices/${invoice.id}/invoice.pdf`,
      }),
    ]);
    expect((await mine.get('/api/user/invoices', { query: { limit: 51 } })).status).toBe(422);
    expect((await other.get('/api/user/invoices')).body.data).toEqual([]);

    const pdf = await mine.get(`/api/user/invoices/${invoice.id}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.bytes)).toContain(invoice.display_number);
    expect((await other.get(`/api/user/invoices/${invoice.id}/invoice.pdf`)).status).toBe(404);
    expect((await mine.get(`/api/user/invoices/${foreign.id}/invoice.pdf`)).status).toBe(404);
    expect((await new TestClient(t.app).get(`/api/user/invoices/${invoice.id}/invoice.pdf`)).status).toBe(401);

    const anon = new TestClient(t.app);
    // The tracker lists the job's invoice with its download through the tracker's link; the account's repairs list it too.
    const tracker = await anon.get(`/api/repair-tracker/${trackerToken}`);
    const link = `/api/repair-tracker/${trackerToken}/invoices/${invoice.id}/invoice.pdf`;
    expect(tracker.body.invoices).toEqual([{ id: invoice.id, display_number: invoice.display_number, pdf_path: link }]);
    const repairs = await mine.get('/api/user/repairs');
    expect(repairs.body.data.find((r: { id: number }) => r.id === job.id).invoices).toEqual([expect.objectContaining({ pdf_path: link })]);
    const tracked = await anon.get(link);
    expect(tracked.status).toBe(200);
    expect(tracked.headers['cache-control']).toBe('no-store');
    expect((await anon.get(`/api/repair-tracker/${trackerToken}/invoices/${foreign.id}/invoice.pdf`)).status).toBe(404);
    expect((await anon.get(`/api/repair-tracker/${'x'.repeat(43)}/invoices/${invoice.id}/invoice.pdf`)).status).toBe(404);
  });
});

describe('the invoices permission', () => {
  it('is held by owners and estimators, not technicians, editors or customers', async () => {
    const { job } = await acceptedJob(t, admin);
    for (const overrides of [{ staff_role: 'technician' as const }, { staff_role: 'editor' as const }, {}]) {
      const { client } = await clientAs(t, overrides);
      await client.csrf();
      expect((await client.get(`/api/repair-jobs/${job.id}/invoices`)).status).toBe(403);
      expect((await client.post(`/api/repair-jobs/${job.id}/invoices`)).status).toBe(403);
      expect((await client.get('/api/admin/invoices/export', { query: { from: '2026-01-01', to: '2026-01-31' } })).status).toBe(403);
    }
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    await estimator.csrf();
    expect((await estimator.post(`/api/repair-jobs/${job.id}/invoices`)).status).toBe(201);
  });
});
