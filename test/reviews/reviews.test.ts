/**
 * The review request after collection (docs/rest-contract.md "Review requests"): one mail after the
 * delay and at most one reminder, through the job queue; the single-use page with the shop's review
 * link and the private feedback form, the same for every customer; consent and the admin's approval
 * before a testimonial; no rating in the structured data; the throttle.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf } from '#test/support/mail.ts';
import { jobsOf, makeRetriesDue } from '#test/support/jobs.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { repairReviewRequestJob } from '#server/jobs/definitions/repair-review-request.ts';
import { pageHeadFor, renderHead } from '#server/public-content/page-head.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { daytimeZone } from '#test/support/daytime.ts';

const REVIEW_LINK = 'https://g.page/r/harbourside-example/review';
let t: TestApp;
let admin: TestClient;
let outbox: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), reviewLink: REVIEW_LINK, timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  ({ client: admin } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let lastAddress = 0;
const nextAddress = () => `10.7.0.${++lastAddress}`;

const collectedStage = async () =>
  (await t.deps.db.selectFrom('repair_stages').select('id').where('is_collected', '=', true).executeTakeFirstOrThrow()).id;

/** A job marked Collected; returns its id. */
async function collectedJob(email: string, vehicle = 'Skoda Octavia') {
  const res = await admin.post('/api/repair-jobs', {
    json: {
      customer_name: 'Kerensa Pascoe',
      customer_email: email,
      vehicle,
      agreed_work: 'New tailgate and a colour-matched respray.',
      promised_ready_on: '2026-12-09',
    },
  });
  expect(res.status).toBe(201);
  expect((await admin.post(`/api/repair-jobs/${res.body.id}/stage`, { json: { stage_id: await collectedStage() } })).status).toBe(200);
  return res.body.id as number;
}

/** Runs the held jobs now, as if their time had come. */
async function timePasses() {
  await makeRetriesDue(t.deps.db);
  await t.deps.jobs.drain();
}

async function reviewToken(email: string) {
  const mail = (await mailsTo(outbox, email)).find((m) => /How did we do/.test(m.subject))!;
  return pathOf(mail.links.find((l) => l.includes('/review/'))!)
    .split('/')
    .pop()!;
}

describe('the review request', () => {
  it('goes once after the delay (48 hours by default) when a job is marked Collected, with one reminder at most', async () => {
    const before = Date.now();
    const id = await collectedJob('kerensa@example.com');
    expect((await mailsTo(outbox, 'kerensa@example.com')).filter((m) => /How did we do/.test(m.subject))).toEqual([]);
    const waiting = (await jobsOf(t.deps.db, repairReviewRequestJob.name)).filter((j) => j.data.repairJobId === id);
    expect(waiting).toHaveLength(1);
    const { rows } = await sql<{ start_after: Date }>`select start_after from pgboss.job where id = ${waiting[0]!.id}`.execute(t.deps.db);
    expect(new Date(rows[0]!.start_after).getTime()).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000);

    // Moved back and collected again: still one request.
    const bookedIn = (await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
    await admin.post(`/api/repair-jobs/${id}/stage`, { json: { stage_id: bookedIn } });
    await admin.post(`/api/repair-jobs/${id}/stage`, { json: { stage_id: await collectedStage() } });
    expect(await t.deps.db.selectFrom('repair_review_requests').selectAll().where('repair_job_id', '=', id).execute()).toHaveLength(1);

    await timePasses();
    const first = (await mailsTo(outbox, 'kerensa@example.com')).filter((m) => /How did we do/.test(m.subject));
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain('Skoda Octavia');
    expect(first[0]!.links.some((l) => /\/review\/[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);

    // The reminder, once; never a third mail.
    await timePasses();
    await timePasses();
    const all = (await mailsTo(outbox, 'kerensa@example.com')).filter((m) => /did we do/.test(m.subject));
    expect(all.map((m) => m.subject.startsWith('A reminder'))).toEqual([false, true]);
  });

  it('reads its settings: 48 hours and 5 days by default', () => {
    const base = { DATA_DIR: t.dataDir, APP_KEY: `base64:${Buffer.alloc(32, 1).toString('base64')}` };
    expect(loadConfig(base).reviewRequestDelayHours).toBe(48);
    expect(loadConfig(base).reviewReminderDays).toBe(5);
    expect(loadConfig({ ...base, REVIEW_REQUEST_DELAY_HOURS: '0.01' }).reviewRequestDelayHours).toBe(0.01);
    expect(() => loadConfig({ ...base, REVIEW_REMINDER_DAYS: 'soon' })).toThrow(/REVIEW_REMINDER_DAYS/);
  });
});

describe('the review page and the feedback', () => {
  it('shows every customer the same page: the car, the work, the review link beside the private form; single use', async () => {
    await collectedJob('glad@example.com', 'Audi A3');
    await collectedJob('sad@example.com', 'Audi A3');
    await timePasses();
    const happy = await reviewToken('glad@example.com');
    const unhappy = await reviewToken('sad@example.com');
    const anon = new TestClient(t.app);
    const pageOf = async (token: string) => {
      const res = await anon.get(`/api/review-requests/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body;
    };
    const shown = await pageOf(happy);
    expect(shown).toEqual({
      reference: expect.stringMatching(/^R-/),
      vehicle: 'Audi A3',
      registration: null,
      agreed_work: 'New tailgate and a colour-matched respray.',
      review_link: REVIEW_LINK,
      shop_name: expect.any(String),
      used: false,
    });
    const other = await pageOf(unhappy);
    expect({ ...other, reference: '' }).toEqual({ ...shown, reference: '' });

    await anon.csrf();
    const send = (token: string, body: Record<string, unknown>) =>
      anon.post(`/api/review-requests/${token}/feedback`, { json: body, headers: { 'x-forwarded-for': nextAddress() } });
    const bad = await send(happy, { score: 6, consent: 'maybe', feedback: 'x'.repeat(2001) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['consent', 'feedback', 'score']);
    expect((await send(happy, { score: 0, consent: true })).status).toBe(422);

    const ok = await send(happy, { score: 5, feedback: 'Spotless work, <b>thank you</b>!', name: 'Kerensa P.', consent: true });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ received: true });
    // Used: the page says so (the review link still offered), and takes no more feedback.
    expect(await pageOf(happy)).toEqual({ ...shown, used: true });
    expect((await send(happy, { score: 4, consent: true })).status).toBe(404);
    // Unhappy and without consent: kept private, never queued.
    expect((await send(unhappy, { score: 1, feedback: 'Took too long.', consent: false })).status).toBe(201);
    // Answered: no reminder goes.
    await clearOutbox(outbox);
    await timePasses();
    expect(await mailsTo(outbox, 'glad@example.com')).toEqual([]);
    expect((await anon.get(`/api/review-requests/${'x'.repeat(43)}`)).status).toBe(404);

    // The queue has the consented one only; approved, it is a testimonial in the carousel.
    const pending = await admin.get('/api/customer-feedback');
    expect(pending.status).toBe(200);
    const item = pending.body.data.find((f: { name: string }) => f.name === 'Kerensa P.');
    expect(item).toMatchObject({ score: 5, vehicle: 'Audi A3', feedback: 'Spotless work, <b>thank you</b>!' });
    expect(pending.text).not.toContain('Took too long');
    const approved = await admin.post(`/api/customer-feedback/${item.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.find((f: { id: number }) => f.id === item.id)).toBeUndefined();
    const carousel = await anon.get('/api/testimonials');
    const published = carousel.body.results.find((r: { name: string }) => r.name === 'Kerensa P.');
    expect(published).toMatchObject({ score: 5, review: '<p>Spotless work, &lt;b&gt;thank you&lt;/b&gt;!</p>' });
    expect((await admin.post(`/api/customer-feedback/${item.id}/approve`)).status).toBe(404);

    // Self-published testimonials: no rating in the structured data.
    const snapshot = t.deps.publicContent.current()!;
    const head = renderHead(pageHeadFor('/', snapshot), t.config.appUrl, snapshot.content.shop);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]!;
    expect(jsonLd).not.toMatch(/Rating|"review"/i);
  });

  it('rejects feedback (kept private), 404 for an unknown id, admin only', async () => {
    await collectedJob('reject@example.com', 'Kia Ceed');
    await timePasses();
    const token = await reviewToken('reject@example.com');
    const anon = new TestClient(t.app);
    await anon.csrf();
    await anon.post(`/api/review-requests/${token}/feedback`, {
      json: { score: 3, feedback: 'Fine.', consent: true },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    const item = (await admin.get('/api/customer-feedback')).body.data.find((f: { vehicle: string }) => f.vehicle === 'Kia Ceed');
    expect((await admin.post(`/api/customer-feedback/${item.id}/reject`)).status).toBe(200);
    expect((await anon.get('/api/testimonials')).text).not.toContain('Fine.');
    expect((await admin.post('/api/customer-feedback/999999/reject')).status).toBe(404);
    expect((await anon.get('/api/customer-feedback')).status).toBe(401);
  });

  it('throttles the feedback form per address', async () => {
    const anon = new TestClient(t.app);
    await anon.csrf();
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await anon.post(`/api/review-requests/${'y'.repeat(43)}/feedback`, {
        json: { score: 5, consent: false },
        headers: { 'x-forwarded-for': address },
      });
      expect(res.status).toBe(404);
    }
    const refused = await anon.post(`/api/review-requests/${'y'.repeat(43)}/feedback`, {
      json: { score: 5, consent: false },
      headers: { 'x-forwarded-for': address },
    });
    expect(refused.status).toBe(429);
  });
});

describe('account deletion', () => {
  it('ends the review link and removes the words and name of unpublished feedback', async () => {
    const { client } = await clientAs(t, { email: 'gone@example.com' });
    const id = await collectedJob('gone@example.com', 'Seat Leon');
    await timePasses();
    const token = await reviewToken('gone@example.com');
    const anon = new TestClient(t.app);
    await anon.csrf();
    await anon.post(`/api/review-requests/${token}/feedback`, {
      json: { score: 2, feedback: 'Private words', name: 'G. One', consent: false },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect((await client.delete('/api/user', { json: { password: 'correct horse battery' } })).status).toBe(200);
    const row = await t.deps.db.selectFrom('repair_review_requests').selectAll().where('repair_job_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: null, feedback: null, display_name: null, score: 2 });
  });
});
