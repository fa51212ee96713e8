// Scheduled content changes: a draft published, or a widget put back to its previous
// version, at a time on the shop's clock, through the held job; once, nothing before its time, a
// cancelled one does nothing, an item deleted meanwhile fails with the reason. Both doors, admins only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createTestimonial, createWidget } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays, wallClockInstant } from '#shared/calendar-date.ts';
import type { ActivityKind } from '#shared/value-sets.ts';
import { runScheduledChange } from '#server/versions/scheduled-change-run.ts';

let t: TestApp;
let admin: TestClient;
const anon = () => new TestClient(t.app);
const TZ = 'Europe/London';

beforeAll(async () => {
  t = await createTestApp();
  ({ client: admin } = await adminClient(t));
});
afterAll(async () => {
  await t?.close();
});

/** A day on the shop's calendar, `days` from today. */
const shopDay = (days: number) => addDays(localMoment(new Date(), TZ).date, days);

let counter = 0;
async function widgetWithDraft(html = '<p>Open as usual</p>', draft = '<p>Closed from 20 December to 2 January</p>') {
  const widget = await createWidget(t.deps.db, { name: `Notice${++counter}${Date.now().toString(36)}`, html });
  const saved = await admin.put(`/api/content-drafts/widget/${widget.id}`, { json: { html: draft } });
  expect(saved.status).toBe(200);
  return widget;
}

const schedule = (json: Record<string, unknown>, client = admin) => client.post('/api/scheduled-changes', { json });

/** The change's time has come: its row and its held job are due now (the service refuses the past). */
async function makeDue(id: number): Promise<void> {
  const row = await t.deps.db.selectFrom('scheduled_changes').select('job_id').where('id', '=', id).executeTakeFirstOrThrow();
  await sql`update scheduled_changes set run_at = now() where id = ${id}`.execute(t.deps.db);
  await sql`update pgboss.job set start_after = now() where id::text = ${row.job_id}`.execute(t.deps.db);
  await t.deps.jobs.drain();
}

const rowOf = (id: number) => t.deps.db.selectFrom('scheduled_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publicHtml = async (name: string) => (await anon().get(`/api/widgets/${name}`)).body.html as string;
const activityOf = (kind: ActivityKind, itemId: number) =>
  t.deps.db.selectFrom('activity_entries').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).orderBy('id').execute();

describe(`scheduled changes on ${testEngine}`, () => {
  it("publishes the draft at the shop's time, once, and not before", async () => {
    const widget = await widgetWithDraft();
    const date = shopDay(2);
    const created = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date, time: '09:00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'widget',
      item_id: widget.id,
      item_label: widget.name,
      action: 'publish-draft',
      state: 'pending',
      outcome: null,
      run_at: wallClockInstant(date, 9 * 60, TZ)!.toISOString(),
    });
    expect(created.body.scheduled_by).toEqual(expect.any(String));
    expect((await activityOf('content-scheduled', widget.id)).length).toBe(1);

    // Not due: a drain runs nothing, the public site is as it was.
    await t.deps.jobs.drain();
    expect(await publicHtml(widget.name)).toBe('<p>Open as usual</p>');
    expect((await rowOf(created.body.id)).state).toBe('pending');

    await makeDue(created.body.id);
    expect(await publicHtml(widget.name)).toBe('<p>Closed from 20 December to 2 January</p>');
    expect((await admin.get(`/api/content-drafts/widget/${widget.id}`)).body).toEqual({ draft: null });
    const history = (await admin.get(`/api/content-history/widget/${widget.id}`)).body;
    const htmlOf = async (v: { id: number }) => (await admin.get(`/api/content-versions/${v.id}`)).body.version.data.html;
    expect(await Promise.all(history.versions.map(htmlOf))).toEqual([
      '<p>Closed from 20 December to 2 January</p>',
      '<p>Open as usual</p>',
    ]);
    const row = await rowOf(created.body.id);
    expect(row).toMatchObject({ state: 'done', outcome: `version ${history.versions[0].number} published` });
    expect(row.finished_at).not.toBeNull();
    const published = await activityOf('content-published', widget.id);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ details: 'scheduled', ip_address: null, version_id: history.versions[0].id });
    expect(published[0]!.actor_user_id).toEqual(expect.any(Number));

    // A second run (a retry, another copy) finds the row claimed and changes nothing.
    expect(await runScheduledChange(t.deps, created.body.id)).toBe(false);
    expect((await admin.get(`/api/content-history/widget/${widget.id}`)).body.versions).toHaveLength(2);
    expect(await activityOf('content-published', widget.id)).toHaveLength(1);

    const listed = await admin.get(`/api/scheduled-changes?kind=widget&id=${widget.id}`);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body.results).toEqual([expect.objectContaining({ id: created.body.id, state: 'done' })]);
  });

  it('publish on the 20th and revert on the 2nd, scheduled together: the notice comes and goes', async () => {
    const widget = await widgetWithDraft();
    const publish = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date: shopDay(3), time: '09:00' });
    const revert = await schedule({ kind: 'widget', id: widget.id, action: 'revert', date: shopDay(10), time: '08:30' });
    expect([publish.status, revert.status]).toEqual([201, 201]);
    // Pending ones, soonest first.
    const pending = (await admin.get(`/api/scheduled-changes?kind=widget&id=${widget.id}`)).body.results;
    expect(pending.map((c: { id: number }) => c.id)).toEqual([publish.body.id, revert.body.id]);

    await makeDue(publish.body.id);
    expect(await publicHtml(widget.name)).toBe('<p>Closed from 20 December to 2 January</p>');
    await makeDue(revert.body.id);
    expect(await publicHtml(widget.name)).toBe('<p>Open as usual</p>');
    const row = await rowOf(revert.body.id);
    expect(row.state).toBe('done');
    expect(row.outcome).toMatch(/^version \d+ restored$/);
    const restored = await activityOf('content-restored', widget.id);
    expect(restored).toHaveLength(1);
    expect(restored[0]!.details).toMatch(/\(scheduled\)$/);
  });

  it('a revert with no previous version fails with the reason, and is not retried', async () => {
    const widget = await createWidget(t.deps.db, { name: `Lonely${Date.now().toString(36)}` });
    const revert = await schedule({ kind: 'widget', id: widget.id, action: 'revert', date: shopDay(1), time: '10:00' });
    expect(revert.status).toBe(201);
    await makeDue(revert.body.id);
    expect(await rowOf(revert.body.id)).toMatchObject({ state: 'failed', outcome: 'There is no previous version to go back to.' });
    const { job_id } = await rowOf(revert.body.id);
    const jobs = await sql<{ state: string }>`select state::text as state from pgboss.job where id::text = ${job_id}`.execute(t.deps.db);
    expect(jobs.rows[0]?.state).toBe('completed');
  });

  it('a cancelled change does nothing when its time comes; 404 and 409 on cancel', async () => {
    const widget = await widgetWithDraft();
    const created = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date: shopDay(1), time: '07:15' });
    const cancelled = await admin.delete(`/api/scheduled-changes/${created.body.id}`);
    expect(cancelled.status).toBe(204);
    expect((await activityOf('schedule-cancelled', widget.id)).length).toBe(1);
    const { job_id } = await rowOf(created.body.id);
    const job = await sql<{ state: string }>`select state::text as state from pgboss.job where id::text = ${job_id}`.execute(t.deps.db);
    expect(job.rows[0]?.state).toBe('cancelled');
    // Should its job run all the same, it finds the row cancelled.
    expect(await runScheduledChange(t.deps, created.body.id)).toBe(false);
    await makeDue(created.body.id);
    expect(await publicHtml(widget.name)).toBe('<p>Open as usual</p>');
    expect((await admin.get(`/api/content-drafts/widget/${widget.id}`)).body.draft).not.toBeNull();
    expect(await rowOf(created.body.id)).toMatchObject({ state: 'cancelled', outcome: null });

    const again = await admin.delete(`/api/scheduled-changes/${created.body.id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This change was already cancelled.');
    expect((await admin.delete('/api/scheduled-changes/999999')).status).toBe(404);

    // One that has run: 409.
    const ran = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date: shopDay(1), time: '07:15' });
    expect(ran.status).toBe(201);
    await makeDue(ran.body.id);
    const late = await admin.delete(`/api/scheduled-changes/${ran.body.id}`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This change has already run.');
  });

  it('an item deleted meanwhile: the run fails with the reason; scheduling it is a 409', async () => {
    const widget = await widgetWithDraft();
    const created = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date: shopDay(1), time: '12:00' });
    expect((await admin.delete(`/api/widgets/${widget.id}`)).status).toBe(200);
    await makeDue(created.body.id);
    expect(await rowOf(created.body.id)).toMatchObject({ state: 'failed', outcome: 'The item was deleted meanwhile.' });
    const listed = (await admin.get('/api/scheduled-changes')).body.results;
    expect(listed.find((c: { id: number }) => c.id === created.body.id)).toMatchObject({
      state: 'failed',
      outcome: 'The item was deleted meanwhile.',
    });

    const late = await schedule({ kind: 'widget', id: widget.id, action: 'revert', date: shopDay(1), time: '12:00' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This item was deleted meanwhile.');
    expect((await schedule({ kind: 'widget', id: 999_999, action: 'revert', date: shopDay(1), time: '12:00' })).status).toBe(404);
  });

  it('422 on the field: the past, beyond a year, a bad date or time, no draft; 409 for the same change twice', async () => {
    const widget = await widgetWithDraft();
    const base = { kind: 'widget', id: widget.id, action: 'publish-draft' };
    const past = await schedule({ ...base, date: shopDay(-1), time: '09:00' });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ time: ['Choose a time in the future.'] });
    const far = await schedule({ ...base, date: shopDay(400), time: '09:00' });
    expect(far.status).toBe(422);
    expect(Object.keys(far.body.errors)).toEqual(['date']);
    const bad = await schedule({ ...base, action: 'explode', date: '2026-02-30', time: '25:00' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['action', 'date', 'time']);
    const gallery = await schedule({ ...base, kind: 'gallery', date: shopDay(1), time: '09:00' });
    expect(gallery.status).toBe(422);

    const plain = await createWidget(t.deps.db, { name: `Plain${Date.now().toString(36)}` });
    const noDraft = await schedule({ ...base, id: plain.id, date: shopDay(1), time: '09:00' });
    expect(noDraft.status).toBe(422);
    expect(noDraft.body.errors).toEqual({ action: ['There is no draft to schedule. Save a draft first.'] });

    expect((await schedule({ ...base, date: shopDay(5), time: '09:00' })).status).toBe(201);
    const twice = await schedule({ ...base, date: shopDay(5), time: '09:00' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This change is already scheduled for that time.');
  });

  it('testimonial and shop drafts can be scheduled too', async () => {
    const testimonial = await createTestimonial(t.deps.db, { name: 'Carol', review: '<p>Quick</p>' });
    await admin.put(`/api/content-drafts/testimonial/${testimonial.id}`, { json: { name: 'Carol D', score: 5, review: '<p>Quick!</p>' } });
    const review = await schedule({ kind: 'testimonial', id: testimonial.id, action: 'publish-draft', date: shopDay(1), time: '06:00' });
    expect(review.status).toBe(201);
    expect(review.body.item_label).toBe('Carol');
    await makeDue(review.body.id);
    const listed = (await anon().get('/api/testimonials')).body.results as { id: number; name: string }[];
    expect(listed.find((r) => r.id === testimonial.id)?.name).toBe('Carol D');

    const shop = await admin.get('/api/shop');
    expect((await admin.put('/api/content-drafts/shop', { json: { ...shop.body, tagline: 'Scheduled tagline' } })).status).toBe(200);
    const created = await schedule({ kind: 'shop', id: 1, action: 'publish-draft', date: shopDay(1), time: '06:00' });
    expect(created.status).toBe(201);
    expect(created.body.item_label).toBe('Shop details');
    await makeDue(created.body.id);
    expect((await anon().get('/api/shop')).body.tagline).toBe('Scheduled tagline');
  });

  it('only admins schedule, list or cancel (401, 403), on both doors', async () => {
    const widget = await widgetWithDraft();
    const created = await schedule({ kind: 'widget', id: widget.id, action: 'publish-draft', date: shopDay(1), time: '09:00' });
    const guest = anon();
    await guest.csrf();
    const { client: user } = await clientAs(t, { role: 'user' });
    for (const client of [guest, user]) {
      const expected = client === guest ? 401 : 403;
      expect((await schedule({ kind: 'widget', id: widget.id, action: 'revert', date: shopDay(1), time: '09:00' }, client)).status).toBe(
        expected,
      );
      expect((await client.get('/api/scheduled-changes')).status).toBe(expected);
      expect((await client.delete(`/api/scheduled-changes/${created.body.id}`)).status).toBe(expected);
    }
    expect((await rowOf(created.body.id)).state).toBe('pending');
    expect(await t.deps.db.selectFrom('scheduled_changes').select('id').where('item_id', '=', widget.id).execute()).toHaveLength(1);
  });
});
