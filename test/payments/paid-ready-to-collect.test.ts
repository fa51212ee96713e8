/**
 * "Paid, ready to collect" and what the tracker says is due: a job at the ready-for-collection
 * stage (the one before Collected) whose balance is paid shows it on the board card and on the
 * customer's tracker; the tracker shows the amount due and whether online payments are on (the
 * Pay now button). PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { TestClient as Client } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { startFakeStripe, type FakeStripe } from '#test/support/stripe-server.ts';
import { insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { readyForCollectionStageId } from '#server/repair-jobs/ready-stage.ts';
import { acceptedEstimate, stageId, trackerLinkOf } from './payment-fixtures.ts';

let t: TestApp;
let stripe: FakeStripe;
let admin: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripe.env);
  admin = (await adminClient(t)).client;
  await admin.csrf();
  visitor = new Client(t.app);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function jobAt(stage: string, pence = 50_000) {
  const quote = await insertQuoteRequest(t.deps.db);
  await acceptedEstimate(t.deps.db, quote.id, [[{ kind: 'part', quantity: 1, unit_price_pence: pence, vat_rate_bp: 2000 }]]);
  const job = await insertRepairJob(t.deps.db, { stage_id: await stageId(t.deps.db, stage), quote_request_id: quote.id });
  return { job, token: await trackerLinkOf(t.deps.db, t.config.appKey, job.id) };
}

const cardOf = async (id: number) =>
  ((await admin.get('/api/repair-jobs')).body.jobs as { id: number; paid_ready_to_collect: boolean }[]).find((j) => j.id === id)!;

describe('the ready-for-collection stage', () => {
  it('is the stage before Collected, whatever it is called', () => {
    const stages = [
      { id: 4, is_collected: false },
      { id: 9, is_collected: false },
      { id: 2, is_collected: true },
    ];
    expect(readyForCollectionStageId(stages)).toBe(9);
    expect(readyForCollectionStageId([{ id: 2, is_collected: true }])).toBeNull();
    expect(readyForCollectionStageId([{ id: 2, is_collected: false }])).toBeNull();
  });
});

describe('Paid, ready to collect', () => {
  it('shows on the tracker and the board card once the balance is paid, with Pay now until then', async () => {
    const { job, token } = await jobAt('Ready for collection');
    const before = await visitor.get(`/api/repair-tracker/${token}`);
    expect(before.status).toBe(200);
    expect(before.body.payment).toEqual({ due_pence: 60_000, online_payments: true, paid_ready_to_collect: false });
    expect((await cardOf(job.id)).paid_ready_to_collect).toBe(false);

    await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'card_machine', amount_pence: 59_999 } });
    expect((await visitor.get(`/api/repair-tracker/${token}`)).body.payment.due_pence).toBe(1);
    expect((await cardOf(job.id)).paid_ready_to_collect).toBe(false);

    await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'cash', amount_pence: 1 } });
    expect((await visitor.get(`/api/repair-tracker/${token}`)).body.payment).toEqual({
      due_pence: 0,
      online_payments: true,
      paid_ready_to_collect: true,
    });
    expect((await cardOf(job.id)).paid_ready_to_collect).toBe(true);
  });

  it('not at an earlier stage, even when paid; not when nothing was ever owed', async () => {
    const { job, token } = await jobAt('Awaiting parts');
    await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'cash', amount_pence: 60_000 } });
    expect((await visitor.get(`/api/repair-tracker/${token}`)).body.payment).toMatchObject({ due_pence: 0, paid_ready_to_collect: false });
    expect((await cardOf(job.id)).paid_ready_to_collect).toBe(false);

    const bare = await insertRepairJob(t.deps.db, { stage_id: await stageId(t.deps.db, 'Ready for collection') });
    const bareToken = await trackerLinkOf(t.deps.db, t.config.appKey, bare.id);
    expect((await visitor.get(`/api/repair-tracker/${bareToken}`)).body.payment).toMatchObject({
      due_pence: 0,
      paid_ready_to_collect: false,
    });
  });
});
