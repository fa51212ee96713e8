/**
 * Where an invoice travels beyond the job's page: the "Ready for collection" mail carries its PDF
 * once one is issued (and none before), the account's data export holds the account's invoices,
 * and deleting the account keeps them (six years) with the name and address the law needs, no
 * longer linked to the account. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { acceptedJob } from '#test/support/accepted-jobs.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { makeRetriesDue } from '#test/support/jobs.ts';
import { FACTORY_PASSWORD } from '#test/support/factories.ts';
import type { JobInvoices } from '#shared/schemas/invoices.ts';
import { daytimeZone } from '#test/support/daytime.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  // Stage mails keep the shop's quiet hours: the shop is where it is daytime now.
  await updateShop(t.deps, { ...(await getShop(t.deps)), timeZone: daytimeZone() }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  admin = (await adminClient(t)).client;
  await admin.csrf();
  await admin.put('/api/estimate-settings', {
    json: { labour_rate_pence: 5500, vat_number: 'GB 123 4567 89', validity_days: 30, terms: '' },
  });
});
afterAll(async () => {
  await t?.close();
});

const stageId = async (name: string) =>
  (await t.deps.db.selectFrom('repair_stages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

async function moveAndSend(jobId: number, stage: string) {
  expect((await admin.post(`/api/repair-jobs/${jobId}/stage`, { json: { stage_id: await stageId(stage) } })).status).toBe(200);
  await makeRetriesDue(t.deps.db);
  await t.deps.jobs.drain();
}

describe('the Ready for collection mail', () => {
  it('carries the invoice PDF when one is issued, and no attachment before', async () => {
    const { job, email } = await acceptedJob(t, admin);
    await clearOutbox(outbox);
    await moveAndSend(job.id, 'Ready for collection');
    const before = (await mailsTo(outbox, email)).at(-1)!;
    expect(before.text).toContain('Ready for collection');
    expect(before.attachments).toEqual([]);

    const issued = await admin.post(`/api/repair-jobs/${job.id}/invoices`);
    expect(issued.status).toBe(201);
    const invoice = (issued.body as JobInvoices).documents[0]!;
    await moveAndSend(job.id, 'Valet');
    await clearOutbox(outbox);
    await moveAndSend(job.id, 'Ready for collection');
    const mail = (await mailsTo(outbox, email)).at(-1)!;
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`invoice-${invoice.display_number}.pdf`, 'application/pdf'],
    ]);
    const pdf = await getDocumentProxy(new Uint8Array(mail.attachments[0]!.bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(invoice.display_number);
    expect(text).toContain('£503.24');
  });
});

describe('a renamed ready-for-collection stage', () => {
  it('still carries the invoice: the stage before Collected decides, not its name', async () => {
    const ready = await stageId('Ready for collection');
    expect((await admin.patch(`/api/repair-stages/${ready}`, { json: { name: 'Ready to pick up' } })).status).toBe(200);
    try {
      const { job, email } = await acceptedJob(t, admin);
      expect((await admin.post(`/api/repair-jobs/${job.id}/invoices`)).status).toBe(201);
      await clearOutbox(outbox);
      await moveAndSend(job.id, 'Valet');
      expect((await mailsTo(outbox, email)).at(-1)!.attachments).toEqual([]);
      await moveAndSend(job.id, 'Ready to pick up');
      const mail = (await mailsTo(outbox, email)).at(-1)!;
      expect(mail.text).toContain('Ready to pick up');
      expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    } finally {
      await admin.patch(`/api/repair-stages/${ready}`, { json: { name: 'Ready for collection' } });
    }
  });
});

describe('the account', () => {
  it("exports the account's invoices, and deleting the account keeps them without the link", async () => {
    const { client, user } = await clientAs(t, { password: FACTORY_PASSWORD });
    await client.csrf();
    const { job } = await acceptedJob(t, admin, { userId: user.id, email: user.email });
    const invoice = ((await admin.post(`/api/repair-jobs/${job.id}/invoices`)).body as JobInvoices).documents[0]!;

    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.invoices).toEqual([
      expect.objectContaining({
        id: invoice.id,
        display_number: invoice.display_number,
        totals: expect.objectContaining({ gross_pence: 50324 }),
      }),
    ]);

    expect((await client.delete('/api/user', { json: { password: FACTORY_PASSWORD } })).status).toBe(200);
    const kept = await t.deps.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ user_id: null, customer_name: 'Jo Customer', customer_email: user.email, gross_pence: 50324 });
    expect((await admin.get(invoice.pdf_path)).status).toBe(200);
  });
});
