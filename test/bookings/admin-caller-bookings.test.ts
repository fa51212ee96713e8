/**
 * The admin books a caller or a walk-in (POST /api/admin/bookings): a name and a UK telephone number
 * are enough, nothing is mailed without an e-mail, the place is held as strictly as online (a second
 * booking of a one-at-a-time slot is a 409), a missing contact is a 422 on the field, and only the
 * bookings permission (owner, estimator) may. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, readOutbox } from '#test/support/mail.ts';
import { addDays } from '#shared/calendar-date.ts';
import { localMoment } from '#shared/opening-status.ts';
import { CALLER_CONTACT_MESSAGES } from '#shared/schemas/booking-inputs.ts';
import { BOOKING_MESSAGES } from '#shared/schemas/bookings.ts';
import { QUOTE_BOOKINGS_SHOWN } from '#shared/schemas/quotes.ts';
import { getQuoteRequest } from '#server/quotes/quote-triage.service.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
let typeId: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  const created = await admin.post('/api/admin/booking-types', { json: { name: 'Phone-in check', duration_minutes: 30, capacity: 1 } });
  expect(created.status, created.text).toBe(201);
  typeId = created.body.id as number;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

const today = () => localMoment(new Date(), 'Europe/London').date;

/** The free starts of the type the admin may book (from today: the shop is not bound by the online notice). */
async function freeStarts(): Promise<string[]> {
  const res = await new TestClient(t.app).get(`/api/booking-types/${typeId}/availability`, {
    query: { from: today(), to: addDays(today(), 30) },
  });
  expect(res.status, res.text).toBe(200);
  return (res.body.days as { slots: { starts_at: string; free: number }[] }[]).flatMap((d) =>
    d.slots.filter((s) => s.free > 0).map((s) => s.starts_at),
  );
}

const mailRows = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('outgoing_mail')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a caller booked by the admin', () => {
  it('is made with a name and a telephone only, holds the place, and sends no mail', async () => {
    const [startsAt] = await freeStarts();
    const before = await mailRows();
    const res = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: startsAt, name: 'Gareth Price', telephone: '01632 960 123' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'Gareth Price', email: null, telephone: '01632 960 123', status: 'booked', is_new: false });
    expect(res.body.starts_at).toBe(startsAt);
    expect(await mailRows()).toBe(before);
    expect(await readOutbox(outbox)).toEqual([]);

    // The calendar and the booking's page show it.
    const list = await admin.get('/api/admin/bookings', { query: { from: today(), to: addDays(today(), 30) } });
    expect((list.body.data as { id: number }[]).map((b) => b.id)).toContain(res.body.id);
    const detail = await admin.get(`/api/admin/bookings/${res.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.email).toBeNull();

    // A one-at-a-time slot takes no second booking, the admin's or a visitor's.
    const second = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: startsAt, name: 'Second Caller', telephone: '07700 900123' },
    });
    expect(second.status, second.text).toBe(409);
    expect(second.body.errors.starts_at).toEqual([BOOKING_MESSAGES.taken]);
    expect(Array.isArray(second.body.next_slots)).toBe(true);
    expect(await freeStarts()).not.toContain(startsAt);

    // Cancelling it mails nobody either, and frees the place.
    const cancelled = await admin.post(`/api/admin/bookings/${res.body.id}/cancel`, { json: { reason: 'The customer rang back.' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await mailRows()).toBe(before);
    expect(await freeStarts()).toContain(startsAt);
  });

  it('with an e-mail too is mailed the confirmation', async () => {
    const starts = await freeStarts();
    const res = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: starts[1], name: 'Ffion Hughes', email: 'ffion.caller@example.com', telephone: '' },
    });
    expect(res.status, res.text).toBe(201);
    const mails = await readOutbox(outbox);
    expect(mails.map((m) => m.to)).toEqual(['ffion.caller@example.com']);
  });

  it('may be made inside the online notice, which a visitor is refused', async () => {
    const settings = (await admin.get('/api/admin/booking-settings')).body;
    await admin.put('/api/admin/booking-settings', { json: { ...settings, earliest_working_days: 0 } });
    const [, , , soon] = await freeStarts();
    await admin.put('/api/admin/booking-settings', { json: { ...settings, earliest_working_days: 20 } });
    try {
      const visitor = new TestClient(t.app);
      await visitor.csrf();
      const online = await visitor.post('/api/bookings', {
        json: {
          booking_type_id: typeId,
          starts_at: soon,
          name: 'Online Try',
          email: 'online.try@example.com',
          telephone: '07700 900999',
          vehicle: 'Mini',
        },
        headers: { 'x-forwarded-for': '10.37.0.1' },
      });
      expect(online.status).toBe(422);
      expect(online.body.errors.starts_at).toEqual([BOOKING_MESSAGES.outOfRange]);
      const shop = await admin.post('/api/admin/bookings', {
        json: { booking_type_id: typeId, starts_at: soon, name: 'Short Notice', telephone: '07700 900998' },
      });
      expect(shop.status, shop.text).toBe(201);
    } finally {
      await admin.put('/api/admin/booking-settings', { json: settings });
    }
  });

  it('refuses a missing contact, a non-UK number and a missing name with a 422 on each field', async () => {
    const [startsAt] = await freeStarts();
    const before = await mailRows();
    const none = await admin.post('/api/admin/bookings', { json: { booking_type_id: typeId, starts_at: startsAt, name: '' } });
    expect(none.status, none.text).toBe(422);
    expect(none.body.errors.telephone).toEqual([CALLER_CONTACT_MESSAGES.telephoneRequired]);
    expect(none.body.errors.name).toBeDefined();
    const foreign = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: startsAt, name: 'Jo Bloggs', telephone: '12345' },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.telephone).toEqual([CALLER_CONTACT_MESSAGES.telephoneNotUk]);
    const past = await admin.post('/api/admin/bookings', {
      json: {
        booking_type_id: typeId,
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        name: 'Jo Bloggs',
        telephone: '07700 900123',
      },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.starts_at).toEqual([BOOKING_MESSAGES.past]);
    expect(await mailRows()).toBe(before);
  });

  it('is refused to a technician and an editor (403) and allowed to an estimator', async () => {
    const starts = await freeStarts();
    const json = { booking_type_id: typeId, starts_at: starts[2], name: 'Staff Check', telephone: '07700 900456' };
    for (const staff_role of ['technician', 'editor'] as const) {
      const { client } = await clientAs(t, { staff_role });
      expect((await client.post('/api/admin/bookings', { json })).status).toBe(403);
    }
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    expect((await estimator.post('/api/admin/bookings', { json })).status).toBe(201);
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    expect((await visitor.post('/api/admin/bookings', { json })).status).toBe(401);
  });
});

describe("a quote's page", () => {
  it('lists its bookings (newest start first, bounded) and its repair job, in statements that do not grow with them', async () => {
    const quote = await insertQuoteRequest(t.deps.db);
    const empty = (await admin.get(`/api/quote-requests/${quote.id}`)).body;
    expect(empty).toMatchObject({ bookings: [], repair_job: null });
    const made = [];
    for (let i = 0; i < QUOTE_BOOKINGS_SHOWN + 2; i++) {
      made.push(
        await insertBooking(t.deps.db, {
          booking_type_id: typeId,
          quote_request_id: quote.id,
          starts_at: new Date(Date.UTC(2027, 0, 1 + i, 9)),
        }),
      );
    }
    const [stage] = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').execute();
    const job = await insertRepairJob(t.deps.db, { stage_id: stage!.id, quote_request_id: quote.id });
    const res = await admin.get(`/api/quote-requests/${quote.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.repair_job).toEqual({ id: job.id, reference: job.reference });
    expect(res.body.bookings).toHaveLength(QUOTE_BOOKINGS_SHOWN);
    expect(res.body.bookings[0]).toEqual({
      id: made.at(-1)!.id,
      reference: made.at(-1)!.reference,
      type_name: 'Phone-in check',
      starts_at: new Date(made.at(-1)!.starts_at).toISOString(),
      status: 'booked',
    });
    const few = await countStatements(t.deps.db, (db) => getQuoteRequest({ ...t.deps, db }, quote.id));
    const fewer = await countStatements(t.deps.db, (db) => getQuoteRequest({ ...t.deps, db }, empty.id));
    expect(few.statements).toBe(fewer.statements);
  });
});
