/**
 * Opening a repair job from a booking (docs/rest-contract.md "Repair jobs", POST /api/repair-jobs
 * with booking_id): prefilled from the booking, linked to it and to its quote request, the tracker
 * mail; 404 for an unknown booking, 422 for a cancelled one and for a second job of the same
 * booking, the admin's only; the foreign key lets a booking go without taking its job. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { insertBooking, insertQuoteRequest } from '#test/support/work-rows.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  ({ client: admin } = await adminClient(t));
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

const createQuote = () =>
  insertQuoteRequest(t.deps.db, {
    name: 'Quote Name',
    email: 'quote-name@example.com',
    telephone: '07700 900999',
    vehicle: 'Quote Vehicle',
    registration: 'QU07 TEQ',
    description: 'Scraped wing on the driver’s side.',
  });

let n = 0;
function createBooking(overrides: { quote_request_id?: number | null; user_id?: number | null; status?: 'booked' | 'cancelled' } = {}) {
  n += 1;
  return insertBooking(t.deps.db, {
    booking_type_id: typeId,
    starts_at: new Date(Date.UTC(2026, 11, 1, 9 + n)),
    email: `tamsin${n}@example.com`,
    ...overrides,
  });
}

const work = { agreed_work: 'Respray the nearside wing and polish.', promised_ready_on: '2026-12-12' };

describe('opening a repair job from a booking', () => {
  it('prefills the customer and vehicle from the booking, links the booking and its quote request, and mails the tracker link', async () => {
    const quote = await createQuote();
    const { user } = await clientAs(t);
    const booking = await createBooking({ quote_request_id: quote.id, user_id: user.id });
    const res = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      booking_id: booking.id,
      quote_request_id: quote.id,
      user_id: user.id,
      customer_name: 'Tamsin Rowe',
      customer_email: booking.email,
      customer_telephone: '07700 900111',
      vehicle: 'Vauxhall Corsa 2019',
      registration: 'TR19 OWE',
      agreed_work: work.agreed_work,
      promised_ready_on: '2026-12-12',
      history: [{ stage_name: 'Booked in', reached_at: expect.any(String) }],
    });
    const row = await t.deps.db.selectFrom('repair_jobs').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.booking_id).toBe(booking.id);
    expect(row.quote_request_id).toBe(quote.id);
    const [mail] = await mailsTo(outbox, booking.email!);
    expect(mail!.links.some((l) => /\/track\/[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
    // The job's page reads the same links back.
    const got = await admin.get(`/api/repair-jobs/${res.body.id}`);
    expect(got.body).toMatchObject({ booking_id: booking.id, quote_request_id: quote.id });
    // And the booking's page names its job (it offers no second one).
    const bookingPage = await admin.get(`/api/admin/bookings/${booking.id}`);
    expect(bookingPage.body.repair_job).toEqual({ id: res.body.id, reference: res.body.reference });
  });

  it('without a quote request leaves quote_request_id empty; what the admin types wins over the booking', async () => {
    const booking = await createBooking();
    const res = await admin.post('/api/repair-jobs', {
      json: { booking_id: booking.id, vehicle: 'Vauxhall Corsa 2019 (blue)', registration: '', ...work },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      booking_id: booking.id,
      quote_request_id: null,
      user_id: null,
      vehicle: 'Vauxhall Corsa 2019 (blue)',
    });
    // An empty registration is "not given": the booking's is used.
    expect(res.body.registration).toBe('TR19 OWE');
  });

  it('answers 404 for an unknown booking, and opens nothing', async () => {
    const before = await t.deps.db.selectFrom('repair_jobs').select('id').execute();
    const res = await admin.post('/api/repair-jobs', { json: { booking_id: 999999, ...work } });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Tamsin');
    expect(await t.deps.db.selectFrom('repair_jobs').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a cancelled booking (422 on booking_id) and sends no mail', async () => {
    const booking = await createBooking({ status: 'cancelled' });
    const res = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ booking_id: ['A cancelled booking cannot be turned into a repair job.'] });
    expect(await mailsTo(outbox, booking.email!)).toHaveLength(0);
    const jobs = await t.deps.db.selectFrom('repair_jobs').select('id').where('booking_id', '=', booking.id).execute();
    expect(jobs).toHaveLength(0);
  });

  it('refuses a second job for the same booking (422 naming the first job), and a quote request given with a booking', async () => {
    const booking = await createBooking();
    const first = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } });
    expect(first.status).toBe(201);
    const again = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ booking_id: [`This booking already has a repair job (${first.body.reference}).`] });
    expect(await t.deps.db.selectFrom('repair_jobs').select('id').where('booking_id', '=', booking.id).execute()).toHaveLength(1);

    const quote = await createQuote();
    const both = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, quote_request_id: quote.id, ...work } });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['quote_request_id']);
    const bad = await admin.post('/api/repair-jobs', { json: { booking_id: 'abc', ...work } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['booking_id']);
  });

  it('refuses a job from a second booking of a quote that already has one (422 naming that job), in the transaction', async () => {
    const quote = await createQuote();
    const firstBooking = await createBooking({ quote_request_id: quote.id });
    const secondBooking = await createBooking({ quote_request_id: quote.id });
    const first = await admin.post('/api/repair-jobs', { json: { booking_id: firstBooking.id, ...work } });
    expect(first.status, first.text).toBe(201);
    await clearOutbox(outbox);
    const again = await admin.post('/api/repair-jobs', { json: { booking_id: secondBooking.id, ...work } });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ booking_id: [`This booking's quote already has a repair job (${first.body.reference}).`] });
    expect(await t.deps.db.selectFrom('repair_jobs').select('id').where('quote_request_id', '=', quote.id).execute()).toHaveLength(1);
    expect(await mailsTo(outbox, secondBooking.email!)).toHaveLength(0);
    // The second booking's page names the quote's job (the admin's link to it) and offers no form.
    const secondPage = await admin.get(`/api/admin/bookings/${secondBooking.id}`);
    expect(secondPage.body).toMatchObject({ repair_job: null, quote_repair_job: { id: first.body.id, reference: first.body.reference } });
    expect((await admin.get(`/api/admin/bookings/${firstBooking.id}`)).body.quote_repair_job).toBeNull();
    // Two bookings of one quote at once: the quote's row lock lets one job through.
    const otherQuote = await createQuote();
    const a = await createBooking({ quote_request_id: otherQuote.id });
    const b = await createBooking({ quote_request_id: otherQuote.id });
    const both = await Promise.all([
      admin.post('/api/repair-jobs', { json: { booking_id: a.id, ...work } }),
      admin.post('/api/repair-jobs', { json: { booking_id: b.id, ...work } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await t.deps.db.selectFrom('repair_jobs').select('id').where('quote_request_id', '=', otherQuote.id).execute()).toHaveLength(1);
    // The quote request itself may still open further jobs (a customer back for more work).
    const direct = await admin.post('/api/repair-jobs', { json: { quote_request_id: quote.id, ...work } });
    expect(direct.status, direct.text).toBe(201);
  });

  it('is the admin’s only: 401 without a session, 403 for a customer, even for their own booking', async () => {
    const { client, user } = await clientAs(t);
    const booking = await createBooking({ user_id: user.id });
    const anon = new TestClient(t.app);
    await anon.csrf();
    expect((await anon.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } })).status).toBe(401);
    expect((await client.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } })).status).toBe(403);
    expect(await t.deps.db.selectFrom('repair_jobs').select('id').where('booking_id', '=', booking.id).execute()).toHaveLength(0);
  });

  it('keeps the job when its booking is removed: the link is cleared by the foreign key', async () => {
    const booking = await createBooking();
    const res = await admin.post('/api/repair-jobs', { json: { booking_id: booking.id, ...work } });
    expect(res.status).toBe(201);
    await t.deps.db.deleteFrom('booking_slot_places').where('booking_id', '=', booking.id).execute();
    await t.deps.db.deleteFrom('bookings').where('id', '=', booking.id).execute();
    const row = await t.deps.db.selectFrom('repair_jobs').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.booking_id).toBeNull();
    expect(row.customer_name).toBe('Tamsin Rowe');
    // And no job can name a booking that is not there.
    await expect(
      t.deps.db.updateTable('repair_jobs').set({ booking_id: 999999 }).where('id', '=', res.body.id).execute(),
    ).rejects.toThrow();
  });
});
