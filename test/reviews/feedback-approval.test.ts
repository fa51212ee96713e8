/**
 * Approving customer feedback makes its testimonial through the testimonials service: the review
 * sanitised, a first version kept and an activity entry naming the approving admin, as any
 * testimonial an admin creates.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { mailsTo, pathOf } from '#test/support/mail.ts';
import { makeRetriesDue } from '#test/support/jobs.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { daytimeZone } from '#test/support/daytime.ts';

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  // The request goes in the shop's daytime (as in reviews.test.ts): a zone where it is day now.
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), reviewLink: 'https://g.page/r/example/review', timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  const signedIn = await adminClient(t);
  admin = signedIn.client;
  adminId = signedIn.user.id;
});
afterAll(async () => {
  await t?.close();
});

/** A collected repair job's review link, sent once the delay has passed; returns its token. */
async function reviewTokenFor(email: string): Promise<string> {
  const job = await admin.post('/api/repair-jobs', {
    json: {
      customer_name: 'Morwenna Trelawny',
      customer_email: email,
      vehicle: 'Ford Focus',
      agreed_work: 'A new front wing.',
      promised_ready_on: '2026-12-09',
    },
  });
  expect(job.status).toBe(201);
  const collected = await t.deps.db.selectFrom('repair_stages').select('id').where('is_collected', '=', true).executeTakeFirstOrThrow();
  expect((await admin.post(`/api/repair-jobs/${job.body.id}/stage`, { json: { stage_id: collected.id } })).status).toBe(200);
  await makeRetriesDue(t.deps.db);
  await t.deps.jobs.drain();
  const mail = (await mailsTo(path.join(t.dataDir, 'mail'), email)).find((m) => /How did we do/.test(m.subject))!;
  return pathOf(mail.links.find((l) => l.includes('/review/'))!)
    .split('/')
    .pop()!;
}

describe('approving customer feedback', () => {
  it('creates a sanitised testimonial with a version and an activity entry naming the admin', async () => {
    const token = await reviewTokenFor('morwenna@example.com');
    const customer = new TestClient(t.app);
    await customer.csrf();
    const sent = await customer.post(`/api/review-requests/${token}/feedback`, {
      json: { score: 4, feedback: '<img src=x onerror=alert(1)>nice', name: 'Morwenna T.', consent: true },
      headers: { 'x-forwarded-for': '10.9.0.1' },
    });
    expect(sent.status).toBe(201);
    const pending = await admin.get('/api/customer-feedback');
    const item = pending.body.data.find((f: { name: string }) => f.name === 'Morwenna T.');
    expect((await admin.post(`/api/customer-feedback/${item.id}/approve`)).status).toBe(200);

    const testimonial = await t.deps.db
      .selectFrom('testimonials')
      .select(['id', 'review'])
      .where('name', '=', 'Morwenna T.')
      .executeTakeFirstOrThrow();
    expect(testimonial.review).not.toMatch(/<img/i);
    expect(testimonial.review).toContain('nice');

    const kept = await t.deps.db
      .selectFrom('content_versions')
      .select(['status', 'author_id'])
      .where('item_kind', '=', 'testimonial')
      .where('item_id', '=', testimonial.id)
      .execute();
    expect(kept).toEqual([{ status: 'published', author_id: adminId }]);

    const entries = await t.deps.db
      .selectFrom('activity_entries')
      .select(['kind', 'actor_user_id', 'item_label'])
      .where('item_type', '=', 'testimonial')
      .where('item_id', '=', testimonial.id)
      .execute();
    expect(entries).toEqual([{ kind: 'content-saved', actor_user_id: adminId, item_label: 'Morwenna T.' }]);
  });
});
