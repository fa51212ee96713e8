/**
 * Insurance through the REST door (docs/rest-contract.md "Insurance"): the insurers list (add,
 * rename, deactivate, paged), a quote's claim and the job that reads it, the insurer's authority,
 * the "Awaiting insurer authority" stage that an insured job cannot pass without it, and the
 * tracker that shows the customer the insurer, claim number and excess. Bad fields are 422s per
 * field; a technician, an editor and a customer are refused. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { TestClient as Client } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { withoutHiddenFields } from '#server/auth/permissions.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  await admin.csrf();
});
afterAll(async () => {
  await t?.close();
});

async function addInsurer(name = `Insurer ${++n}`) {
  const res = await admin.post('/api/insurers', { json: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; active: boolean };
}

const stageId = async (name: string) =>
  (await t.deps.db.selectFrom('repair_stages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

async function insuredQuote(excess = 25000) {
  const insurer = await addInsurer();
  const quote = await insertQuoteRequest(t.deps.db, { email: `ins${++n}@example.com` });
  const res = await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
    json: { insurer_id: insurer.id, claim_number: `CLM-${n}/A`, liability: 'non_fault', excess_pence: excess },
  });
  expect(res.status).toBe(200);
  return { insurer, quote, claim: res.body.claim };
}

async function openJobFrom(quoteId: number, email: string) {
  const res = await admin.post('/api/repair-jobs', {
    json: { quote_request_id: quoteId, agreed_work: 'Rear quarter repaired and painted.', promised_ready_on: '2026-12-20' },
  });
  expect(res.status).toBe(201);
  const link = (await mailsTo(outbox, email)).at(-1)!.links.find((l) => l.includes('/track/'))!;
  return { job: res.body as { id: number }, token: pathOf(link).split('/').pop()! };
}

describe('the insurers list', () => {
  it('adds, renames and deactivates, with names unique whatever their case, and pages by name', async () => {
    const a = await addInsurer('Zenith Motor Insurance');
    expect(a).toMatchObject({ name: 'Zenith Motor Insurance', active: true });
    const dup = await admin.post('/api/insurers', { json: { name: 'zenith motor insurance' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ name: ['An insurer with this name is already in the list.'] });
    const empty = await admin.post('/api/insurers', { json: { name: '  ' } });
    expect(empty.body.errors).toEqual({ name: ['The name field is required.'] });

    const renamed = await admin.patch(`/api/insurers/${a.id}`, { json: { name: 'Zenith Insurance' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Zenith Insurance');
    expect((await admin.patch('/api/insurers/999999', { json: { name: 'X' } })).status).toBe(404);

    const off = await admin.post(`/api/insurers/${a.id}/deactivation`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const active = await admin.get('/api/insurers', { query: { active_only: 'true', limit: 100 } });
    expect(active.body.data.map((i: { id: number }) => i.id)).not.toContain(a.id);

    for (let i = 0; i < 3; i++) await addInsurer();
    const first = await admin.get('/api/insurers', { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(4);
    const second = await admin.get('/api/insurers', { query: { limit: 2, page: 2 } });
    expect(second.body.data[0].name >= first.body.data[1].name).toBe(true);
    expect((await admin.get('/api/insurers', { query: { limit: 101 } })).status).toBe(422);
  });

  it('is refused to a technician, an editor and a customer; an estimator may', async () => {
    for (const overrides of [{ staff_role: 'technician' as const }, { staff_role: 'editor' as const }, {}]) {
      const { client } = await clientAs(t, overrides);
      await client.csrf();
      expect((await client.get('/api/insurers')).status).toBe(403);
      expect((await client.post('/api/insurers', { json: { name: 'Nope' } })).status).toBe(403);
      expect((await client.get('/api/insurance-claims/quote-requests/1')).status).toBe(403);
      expect((await client.get('/api/insurance-claims/quote-requests/1/insurer-pack.zip')).status).toBe(403);
    }
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    expect((await estimator.get('/api/insurers')).status).toBe(200);
    const anon = new Client(t.app);
    expect((await anon.get('/api/insurers')).status).toBe(401);
  });
});

describe('a claim', () => {
  it('is validated per field: insurer, claim number, liability, excess', async () => {
    const quote = await insertQuoteRequest(t.deps.db);
    const bad = await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
      json: { claim_number: 'no<script>', liability: 'maybe', excess_pence: -1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      insurer_id: ['The insurer id field is required.'],
      claim_number: ['The claim number may hold only letters, digits, spaces and - / . characters.'],
      liability: ['The selected liability is invalid.'],
      excess_pence: ['The excess pence field must be between 0 and 1000000.'],
    });
    const unknown = await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
      json: { insurer_id: 999999, claim_number: 'A1', liability: 'fault', excess_pence: 0 },
    });
    expect(unknown.body.errors).toEqual({ insurer_id: ['The selected insurer is invalid.'] });
    const gone = await addInsurer();
    await admin.post(`/api/insurers/${gone.id}/deactivation`);
    const inactive = await admin.put(`/api/insurance-claims/quote-requests/${quote.id}`, {
      json: { insurer_id: gone.id, claim_number: 'A1', liability: 'fault', excess_pence: 0 },
    });
    expect(inactive.body.errors).toEqual({ insurer_id: ['This insurer is no longer in the list: choose another.'] });
    expect(
      (
        await admin.put('/api/insurance-claims/quote-requests/999999', {
          json: { insurer_id: gone.id, claim_number: 'A', liability: 'fault', excess_pence: 0 },
        })
      ).status,
    ).toBe(404);
    expect((await admin.get('/api/insurance-claims/boats/1')).status).toBe(422);
    expect((await admin.get(`/api/insurance-claims/quote-requests/${quote.id}`)).body).toEqual({ claim: null });
  });

  it('is read by the job opened from the quote; the authority is recorded there; removing it is logged', async () => {
    const { quote, insurer } = await insuredQuote(25000);
    const { job } = await openJobFrom(quote.id, quote.email);
    const ofJob = await admin.get(`/api/insurance-claims/repair-jobs/${job.id}`);
    expect(ofJob.body.claim).toMatchObject({
      insurer_name: insurer.name,
      liability: 'non_fault',
      excess_pence: 25000,
      quote_request_id: quote.id,
      authorised_pence: null,
    });

    const future = await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, {
      json: { authorised_pence: 150000, authorised_on: '2099-01-01' },
    });
    expect(future.status).toBe(422);
    const badAuthority = await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, { json: { authorised_pence: 0 } });
    expect(Object.keys(badAuthority.body.errors).sort()).toEqual(['authorised_on', 'authorised_pence']);
    const ok = await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, {
      json: { authorised_pence: 150000, authorised_on: '2026-11-30' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.claim).toMatchObject({ authorised_pence: 150000, authorised_on: '2026-11-30' });
    // The quote shows the same claim.
    expect((await admin.get(`/api/insurance-claims/quote-requests/${quote.id}`)).body.claim.authorised_pence).toBe(150000);

    const other = await insertQuoteRequest(t.deps.db);
    expect(
      (
        await admin.put(`/api/insurance-claims/quote-requests/${other.id}/authority`, {
          json: { authorised_pence: 1, authorised_on: '2026-11-30' },
        })
      ).status,
    ).toBe(404);

    const removed = await admin.delete(`/api/insurance-claims/quote-requests/${quote.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ claim: null });
    expect((await admin.delete(`/api/insurance-claims/quote-requests/${quote.id}`)).status).toBe(404);
    const kinds = await t.deps.db
      .selectFrom('activity_entries')
      .select('kind')
      .where('item_label', 'in', [
        quote.reference,
        (await t.deps.db.selectFrom('repair_jobs').select('reference').where('id', '=', job.id).executeTakeFirstOrThrow()).reference,
      ])
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['insurance-authority-recorded', 'insurance-claim-removed', 'insurance-claim-saved']);
  });
});

describe('the Awaiting insurer authority stage', () => {
  it('comes after Assessed; an insured job cannot pass it until the authority is recorded; others can', async () => {
    const stages = (await admin.get('/api/repair-stages')).body.data.map((s: { name: string }) => s.name);
    expect(stages.slice(0, 4)).toEqual(['Booked in', 'Assessed', 'Awaiting insurer authority', 'Awaiting parts']);

    const { quote } = await insuredQuote();
    const { job } = await openJobFrom(quote.id, quote.email);
    const waiting = await admin.post(`/api/repair-jobs/${job.id}/stage`, {
      json: { stage_id: await stageId('Awaiting insurer authority') },
    });
    expect(waiting.status).toBe(200);
    const board = await admin.get('/api/repair-jobs');
    const at = board.body.jobs.find((j: { id: number }) => j.id === job.id);
    expect(at.stage_id).toBe(await stageId('Awaiting insurer authority'));

    const refused = await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Bodywork') } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      stage_id: ["This job is insured: record the insurer's authority before moving it past Awaiting insurer authority."],
    });
    // Back is always allowed.
    expect((await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Assessed') } })).status).toBe(200);
    await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, {
      json: { authorised_pence: 99000, authorised_on: '2026-12-01' },
    });
    expect((await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Bodywork') } })).status).toBe(200);

    const plain = await insertQuoteRequest(t.deps.db, { email: `plain${++n}@example.com` });
    const { job: uninsured } = await openJobFrom(plain.id, plain.email);
    expect((await admin.post(`/api/repair-jobs/${uninsured.id}/stage`, { json: { stage_id: await stageId('Paint') } })).status).toBe(200);
  });

  it('the tracker shows the customer the insurer, the claim number, the liability and the excess, and says while the insurer is awaited; never the authority', async () => {
    const { quote, insurer, claim } = await insuredQuote(15050);
    const { job, token } = await openJobFrom(quote.id, quote.email);
    const anon = new Client(t.app);
    const res = await anon.get(`/api/repair-tracker/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.insurance).toEqual({
      insurer_name: insurer.name,
      claim_number: claim.claim_number,
      liability: 'non_fault',
      excess_pence: 15050,
      awaiting_authority: false,
    });

    await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Awaiting insurer authority') } });
    const waiting = await anon.get(`/api/repair-tracker/${token}`);
    expect(waiting.body.insurance.awaiting_authority).toBe(true);
    await admin.put(`/api/insurance-claims/repair-jobs/${job.id}/authority`, {
      json: { authorised_pence: 120000, authorised_on: '2026-12-01' },
    });
    // The answer is the same with an authority recorded: the customer learns nothing of it.
    expect((await anon.get(`/api/repair-tracker/${token}`)).body).toEqual(waiting.body);
    expect(JSON.stringify(waiting.body)).not.toContain('authorised');
    await admin.post(`/api/repair-jobs/${job.id}/stage`, { json: { stage_id: await stageId('Bodywork') } });
    expect((await anon.get(`/api/repair-tracker/${token}`)).body.insurance.awaiting_authority).toBe(false);
  });

  it("never gives a technician a claim's money, should a claim reach an answer they read", async () => {
    const { quote } = await insuredQuote(25000);
    const answer = (await admin.get(`/api/insurance-claims/quote-requests/${quote.id}`)).body;
    expect(answer.claim.excess_pence).toBe(25000);
    const asTechnician = withoutHiddenFields({ role: 'user', staff_role: 'technician' }, answer);
    expect(asTechnician.claim).not.toHaveProperty('excess_pence');
    expect(asTechnician.claim).not.toHaveProperty('authorised_pence');
    expect(asTechnician.claim.claim_number).toBe(answer.claim.claim_number);
    expect(withoutHiddenFields({ role: 'user', staff_role: 'estimator' }, answer)).toEqual(answer);
  });
});
