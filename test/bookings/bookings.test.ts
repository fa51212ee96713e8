/**
 * Online booking as a third party calls it (docs/rest-contract.md "Bookings"): the types, the free
 * slots, a booking with its confirmation mail and .ics, every refusal (a 422 on its field), the
 * throttles, the honeypot, the manage link and the signed-in customer's list, and 50 parallel
 * requests for the last place. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf } from '#test/support/mail.ts';
import { testEngine } from '#test/support/database.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays } from '#shared/calendar-date.ts';
import { BOOKING_MESSAGES } from '#shared/schemas/bookings.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';

let t: TestApp;
let outbox: string;
let typeIds: { estimate: number; dropOff: number; onSite: number };

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  const types = await t.deps.db.selectFrom('booking_types').select(['id', 'name']).orderBy('position').execute();
  typeIds = { estimate: types[0]!.id, dropOff: types[1]!.id, onSite: types[2]!.id };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let lastAddress = 0;
/** Each request from its own address, so the per-address limit is tested on purpose only. */
const nextAddress = () => {
  lastAddress += 1;
  return `10.24.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
let lastEmail = 0;
const nextEmail = () => `customer${++lastEmail}@example.com`;

async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.csrf();
  return client;
}

const today = () => localMoment(new Date(), 'Europe/London').date;

interface Day {
  date: string;
  status: 'open' | 'full' | 'closed';
  slots: { starts_at: string; ends_at: string; time: string; free: number }[];
}

async function availability(typeId: number, from = today(), to = addDays(today(), 20)): Promise<Day[]> {
  const client = new TestClient(t.app);
  const res = await client.get(`/api/booking-types/${typeId}/availability`, { query: { from, to } });
  expect(res.status, res.text).toBe(200);
  return res.body.days;
}

/** The free slots of a type from the first bookable day on. */
async function freeSlots(typeId: number): Promise<Day['slots']> {
  return (await availability(typeId)).flatMap((d) => d.slots.filter((s) => s.free > 0));
}

const details = () => ({
  name: 'Jo Customer',
  email: nextEmail(),
  telephone: '07700 900123',
  vehicle: 'Ford Focus 2018',
  registration: 'AB18 CDE',
});

async function book(fields: Record<string, unknown>, client?: TestClient) {
  const c = client ?? (await visitor());
  return c.post('/api/bookings', { json: fields, headers: { 'x-forwarded-for': nextAddress() } });
}

describe('types and availability', () => {
  it('lists the three default types', async () => {
    const res = await new TestClient(t.app).get('/api/booking-types');
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((d: { name: string; duration_minutes: number; capacity: number; asks_location: boolean }) => [
        d.name,
        d.duration_minutes,
        d.capacity,
        d.asks_location,
      ]),
    ).toEqual([
      ['Estimate visit', 20, 1, false],
      ['Drop-off', 15, 2, false],
      ['On-site visit', 60, 1, true],
    ]);
  });

  it('starts on the next working day, shows weekends as closed and gives the times at the shop', async () => {
    const days = await availability(typeIds.estimate);
    expect(days[0]!.date).toBe(today());
    expect(days[0]!.status).toBe('closed');
    const open = days.filter((d) => d.status === 'open');
    expect(open.length).toBeGreaterThan(10);
    expect(open[0]!.slots[0]!.time).toBe('09:00');
    expect(open[0]!.slots).toHaveLength(24);
    const weekend = days.filter((d) => [0, 6].includes(new Date(`${d.date}T12:00:00Z`).getUTCDay()));
    expect(weekend.every((d) => d.status === 'closed')).toBe(true);
  });

  it('refuses a bad range with a 422 per field, and an unknown type with a 404', async () => {
    const client = new TestClient(t.app);
    const bad = await client.get(`/api/booking-types/${typeIds.estimate}/availability`, { query: { from: '2026-02-30', to: 'soon' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'to']);
    const long = await client.get(`/api/booking-types/${typeIds.estimate}/availability`, {
      query: { from: addDays(today(), 30), to: addDays(today(), 150) },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.to).toEqual(['At most 62 days can be asked for at once.']);
    expect((await client.get('/api/booking-types/999999/availability', { query: { from: today(), to: today() } })).status).toBe(404);
  });
});

describe('booking', () => {
  it('books a slot, holds its place, mails the confirmation with an .ics and a working manage link', async () => {
    // A slot beyond the 24-hour change cut-off, whatever the time of day the test runs.
    const slot = (await freeSlots(typeIds.estimate)).find((s) => Date.parse(s.starts_at) > Date.now() + 48 * 60 * 60 * 1000);
    const fields = { ...details(), booking_type_id: typeIds.estimate, starts_at: slot!.starts_at };
    const res = await book(fields);
    expect(res.status, res.text).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ type_name: 'Estimate visit', starts_at: slot!.starts_at, status: 'booked', can_change: true });
    expect(res.body.reference).toMatch(/^B-\d{4}-[A-Z2-9]{6}$/);
    expect(res.body.manage_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const row = await t.deps.db.selectFrom('bookings').selectAll().where('reference', '=', res.body.reference).executeTakeFirstOrThrow();
    expect(row.manage_token_hash).not.toContain(res.body.manage_token);
    const places = await t.deps.db.selectFrom('booking_slot_places').selectAll().where('booking_id', '=', row.id).execute();
    expect(places).toHaveLength(1);
    expect(new Date(places[0]!.starts_at).toISOString()).toBe(slot!.starts_at);

    const [mail] = await mailsTo(outbox, fields.email);
    expect(mail!.subject).toBe(`Your booking ${res.body.reference} is confirmed - Harbourside Body & Paint`);
    expect(mail!.text).toContain('Estimate visit');
    expect(mail!.text).toContain(slot!.time);
    expect(mail!.text).toContain('Unit 4, Quay Road Industrial Estate');
    expect(mail!.text).toContain('Please bring the vehicle');
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!;
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect(ics.content).toContain(`DTSTART:${slot!.starts_at.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics.content).toContain(`UID:${res.body.reference}@bookings`);
    const manageLink = mail!.links.find((l) => l.includes('/book/manage/'))!;
    expect(manageLink).toBe(`http://localhost:3000/book/manage/${res.body.manage_token}`);

    const managed = await new TestClient(t.app).get(`/api/bookings/manage/${res.body.manage_token}`);
    expect(managed.status).toBe(200);
    expect(managed.headers['cache-control']).toBe('no-store');
    expect(managed.body).toMatchObject({ reference: res.body.reference, status: 'booked' });

    // The slot is now full: the next availability says so, and a second booking is a 422.
    const day = (await availability(typeIds.estimate)).find((d) => d.slots.some((s) => s.starts_at === slot!.starts_at))!;
    expect(day.slots.find((s) => s.starts_at === slot!.starts_at)!.free).toBe(0);
    const again = await book({ ...details(), booking_type_id: typeIds.estimate, starts_at: slot!.starts_at });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.full] });
  });

  it('refuses a past slot, a closed day, a time outside the hours and a type switched off, each on its field', async () => {
    const estimate = typeIds.estimate;
    const past = await book({ ...details(), booking_type_id: estimate, starts_at: '2020-01-06T10:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.past] });

    const days = await availability(estimate);
    const saturday = days.find(
      (d) => d.date > days.find((x) => x.status === 'open')!.date && new Date(`${d.date}T12:00:00Z`).getUTCDay() === 6,
    )!;
    const closed = await book({ ...details(), booking_type_id: estimate, starts_at: `${saturday.date}T10:00:00Z` });
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.closed] });

    const [slot] = await freeSlots(estimate);
    const offGrid = new Date(Date.parse(slot!.starts_at) + 5 * 60_000).toISOString();
    const outside = await book({ ...details(), booking_type_id: estimate, starts_at: offGrid });
    expect(outside.status).toBe(422);
    expect(outside.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.outsideHours] });
    const evening = await book({ ...details(), booking_type_id: estimate, starts_at: slot!.starts_at.replace(/T\d\d:\d\d/, 'T20:00') });
    expect(evening.status).toBe(422);

    const far = await book({ ...details(), booking_type_id: estimate, starts_at: `${addDays(today(), 60)}T10:00:00Z` });
    expect(far.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.outOfRange] });

    await t.deps.db.updateTable('booking_types').set({ active: false }).where('id', '=', typeIds.dropOff).execute();
    try {
      const off = await book({ ...details(), booking_type_id: typeIds.dropOff, starts_at: slot!.starts_at });
      expect(off.status).toBe(422);
      expect(off.body.errors).toEqual({ booking_type_id: [BOOKING_MESSAGES.typeOff] });
      const listed = await new TestClient(t.app).get('/api/booking-types');
      expect(listed.body.data.map((d: { id: number }) => d.id)).not.toContain(typeIds.dropOff);
    } finally {
      await t.deps.db.updateTable('booking_types').set({ active: true }).where('id', '=', typeIds.dropOff).execute();
    }
    expect(await t.deps.db.selectFrom('bookings').select('id').where('starts_at', '=', new Date(offGrid)).execute()).toEqual([]);
  });

  it('names a field zod refuses and a start the slot rules refuse in one 422, on both doors', async () => {
    const [slot] = await freeSlots(typeIds.estimate);
    const offGrid = new Date(Date.parse(slot!.starts_at) + 5 * 60_000).toISOString();
    const fields = { ...details(), name: '', booking_type_id: typeIds.estimate, starts_at: offGrid };
    const errors = { starts_at: [BOOKING_MESSAGES.outsideHours], name: ['The name field is required.'] };

    const rest = await book(fields);
    expect(rest.status).toBe(422);
    expect(rest.body.errors).toEqual(errors);
    expect(Object.keys(rest.body.errors)).toEqual(['starts_at', 'name']);

    const client = await visitor();
    const trpc = await client.post('/trpc/bookings.create', { json: fields, headers: { 'x-forwarded-for': nextAddress() } });
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.data).toMatchObject({ appCode: 'VALIDATION', httpStatus: 422, fieldErrors: errors });
    // A type switched off and a quote request that is not the caller's join a refused form too.
    await t.deps.db.updateTable('booking_types').set({ active: false }).where('id', '=', typeIds.dropOff).execute();
    try {
      const off = await book({
        ...details(),
        vehicle: '',
        booking_type_id: typeIds.dropOff,
        starts_at: slot!.starts_at,
        quote_request_id: 999_999,
      });
      expect(off.status).toBe(422);
      expect(off.body.errors).toEqual({
        booking_type_id: [BOOKING_MESSAGES.typeOff],
        vehicle: ['The vehicle field is required.'],
        quote_request_id: [BOOKING_MESSAGES.quoteNotYours],
      });
    } finally {
      await t.deps.db.updateTable('booking_types').set({ active: true }).where('id', '=', typeIds.dropOff).execute();
    }
    expect(await t.deps.db.selectFrom('bookings').select('id').where('starts_at', '=', new Date(offGrid)).execute()).toEqual([]);
  });

  it('refuses a start without its time zone offset with a 422 on starts_at, on both doors', async () => {
    const [slot] = await freeSlots(typeIds.estimate);
    // The slot's own wall-clock time with its offset cut off: ambiguous, so nothing is booked.
    const local = slot!.starts_at.replace(/(Z|[+-]\d{2}:?\d{2})$/, '');
    expect(local).not.toBe(slot!.starts_at);
    const fields = { ...details(), booking_type_id: typeIds.estimate, starts_at: local };
    const errors = { starts_at: ['The starts at field must end with its time zone offset (Z or +01:00).'] };

    const rest = await book(fields);
    expect(rest.status).toBe(422);
    expect(rest.body.errors).toEqual(errors);
    const client = await visitor();
    const trpc = await client.post('/trpc/bookings.create', { json: fields, headers: { 'x-forwarded-for': nextAddress() } });
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.data).toMatchObject({ appCode: 'VALIDATION', httpStatus: 422, fieldErrors: errors });
    expect(await t.deps.db.selectFrom('bookings').select('id').where('email', '=', fields.email).execute()).toEqual([]);

    // The same moment with an offset instead of Z is taken.
    const offset = new Date(slot!.starts_at).toISOString().replace('Z', '+00:00');
    const ok = await book({ ...details(), booking_type_id: typeIds.estimate, starts_at: offset });
    expect(ok.status, ok.text).toBe(201);
  });

  it('names every bad field in one 422, and asks an on-site visit for its location', async () => {
    const res = await book({ booking_type_id: 'x', starts_at: 'tomorrow', name: '', email: 'not-an-email', telephone: '', vehicle: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['booking_type_id', 'email', 'name', 'starts_at', 'telephone', 'vehicle']);

    const [slot] = await freeSlots(typeIds.onSite);
    const noLocation = await book({ ...details(), booking_type_id: typeIds.onSite, starts_at: slot!.starts_at });
    expect(noLocation.status).toBe(422);
    expect(noLocation.body.errors).toEqual({ location: [BOOKING_MESSAGES.locationRequired] });
    const fields = { ...details(), booking_type_id: typeIds.onSite, starts_at: slot!.starts_at, location: 'Porthaven marina, berth C12' };
    const ok = await book(fields);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.location).toBe('Porthaven marina, berth C12');
    const [mail] = await mailsTo(outbox, fields.email);
    expect(mail!.text).toContain('Porthaven marina, berth C12 (we come to you)');
  });

  it('answers a filled honeypot as a success and stores and sends nothing', async () => {
    const [slot] = await freeSlots(typeIds.dropOff);
    const fields = { ...details(), booking_type_id: typeIds.dropOff, starts_at: slot!.starts_at, website: 'http://spam.example' };
    const res = await book(fields);
    expect(res.status).toBe(201);
    expect(await t.deps.db.selectFrom('bookings').select('id').where('email', '=', fields.email).execute()).toEqual([]);
    expect(await mailsTo(outbox, fields.email)).toEqual([]);
  });

  it('throttles per e-mail address and per client address', async () => {
    const email = nextEmail();
    const slots = await freeSlots(typeIds.dropOff);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await book({ ...details(), email, booking_type_id: typeIds.dropOff, starts_at: slots[10 + i]!.starts_at })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const client = await visitor();
    const address = nextAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await client.post('/api/bookings', { json: { booking_type_id: 'x' }, headers: { 'x-forwarded-for': address } });
      fromOne.push(res.status);
    }
    expect(fromOne.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  it('attaches a signed-in customer its own quote request, never another one', async () => {
    const { client, user } = await clientAs(t);
    const { user: other } = await clientAs(t);
    const mine = await insertQuoteRequest(t.deps.db, { user_id: user.id, name: 'Me', email: user.email, vehicle: 'Van' });
    const theirs = await insertQuoteRequest(t.deps.db, { user_id: other.id, name: 'Them', email: other.email, vehicle: 'Car' });
    const slots = await freeSlots(typeIds.dropOff);
    const refused = await book(
      { ...details(), booking_type_id: typeIds.dropOff, starts_at: slots[30]!.starts_at, quote_request_id: theirs.id },
      client,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ quote_request_id: [BOOKING_MESSAGES.quoteNotYours] });
    const anonymous = await book({
      ...details(),
      booking_type_id: typeIds.dropOff,
      starts_at: slots[30]!.starts_at,
      quote_request_id: mine.id,
    });
    expect(anonymous.status).toBe(422);
    const ok = await book(
      { ...details(), booking_type_id: typeIds.dropOff, starts_at: slots[30]!.starts_at, quote_request_id: mine.id },
      client,
    );
    expect(ok.status, ok.text).toBe(201);
    const row = await t.deps.db.selectFrom('bookings').selectAll().where('reference', '=', ok.body.reference).executeTakeFirstOrThrow();
    expect([row.user_id, row.quote_request_id]).toEqual([user.id, mine.id]);

    const list = await client.get('/api/user/bookings');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.data.map((b: { reference: string }) => b.reference)).toEqual([ok.body.reference]);
    expect((await new TestClient(t.app).get('/api/user/bookings')).status).toBe(401);
  });
});

describe('the manage link', () => {
  async function booked(typeId = typeIds.estimate, index = 0) {
    // From 48 hours on: tomorrow's slots fall inside the 24-hour change cut-off as the day goes on.
    const slots = (await freeSlots(typeId)).filter((s) => Date.parse(s.starts_at) > Date.now() + 48 * 60 * 60 * 1000);
    const fields = { ...details(), booking_type_id: typeId, starts_at: slots[index]!.starts_at };
    const res = await book(fields);
    expect(res.status, res.text).toBe(201);
    return { ...res.body, email: fields.email, slots } as { reference: string; manage_token: string; email: string; slots: Day['slots'] };
  }

  it('reschedules to another free time: the place moves and a new .ics is mailed', async () => {
    const b = await booked(typeIds.estimate, 3);
    const target = b.slots[8]!;
    const client = await visitor();
    const res = await client.post(`/api/bookings/manage/${b.manage_token}/reschedule`, { json: { starts_at: target.starts_at } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.starts_at).toBe(target.starts_at);
    const row = await t.deps.db.selectFrom('bookings').select('id').where('reference', '=', b.reference).executeTakeFirstOrThrow();
    const places = await t.deps.db.selectFrom('booking_slot_places').selectAll().where('booking_id', '=', row.id).execute();
    expect(places.map((p) => new Date(p.starts_at).toISOString())).toEqual([target.starts_at]);
    const mails = await mailsTo(outbox, b.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your booking ${b.reference} is confirmed - Harbourside Body & Paint`,
      `Your booking ${b.reference} has changed - Harbourside Body & Paint`,
    ]);
    expect(mails[1]!.attachments[0]!.content).toContain(`DTSTART:${target.starts_at.replace(/[-:]/g, '').replace('.000', '')}`);
    // The old time is free again.
    expect((await freeSlots(typeIds.estimate)).map((s) => s.starts_at)).toContain(b.slots[3]!.starts_at);

    const full = await client.post(`/api/bookings/manage/${b.manage_token}/reschedule`, { json: { starts_at: '2020-01-06T10:00:00Z' } });
    expect(full.status).toBe(422);
    expect(full.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.past] });
  });

  it('cancels, giving the place back; the link of a cancelled booking then opens nothing', async () => {
    const b = await booked(typeIds.estimate, 5);
    const client = await visitor();
    const res = await client.post(`/api/bookings/manage/${b.manage_token}/cancel`, { json: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect((await freeSlots(typeIds.estimate)).map((s) => s.starts_at)).toContain(b.slots[5]!.starts_at);
    const mails = await mailsTo(outbox, b.email);
    expect(mails.at(-1)!.subject).toBe(`Your booking ${b.reference} is cancelled - Harbourside Body & Paint`);
    // The calendar entry the confirmation made is removed: same UID, METHOD:CANCEL, a higher SEQUENCE.
    const icsOf = (mail: (typeof mails)[number]) => mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content;
    const sequenceOf = (ics: string) => Number(/^SEQUENCE:(\d+)/m.exec(ics)![1]);
    const confirmation = icsOf(mails[0]!);
    const cancelIcs = icsOf(mails.at(-1)!);
    expect(confirmation).toContain('METHOD:PUBLISH');
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    expect(cancelIcs).toContain(`UID:${b.reference}@bookings`);
    expect(confirmation).toContain(`UID:${b.reference}@bookings`);
    expect(sequenceOf(cancelIcs)).toBeGreaterThan(sequenceOf(confirmation));
    const unknown = await client.get(`/api/bookings/manage/${'A'.repeat(43)}`);
    const view = await client.get(`/api/bookings/manage/${b.manage_token}`);
    expect(view.status).toBe(404);
    expect(view.body).toEqual(unknown.body);
    const again = await client.post(`/api/bookings/manage/${b.manage_token}/cancel`, { json: {} });
    expect(again.status).toBe(404);
    const ask = await client.post(`/api/bookings/manage/${b.manage_token}/change-request`, { json: { message: 'Back on?' } });
    expect(ask.status).toBe(404);
  });

  it('opens nothing once the visit ended more than 14 days ago', async () => {
    const b = await booked(typeIds.estimate, 7);
    const client = await visitor();
    const day = 24 * 60 * 60 * 1000;
    const setVisit = (daysAgo: number) =>
      t.deps.db
        .updateTable('bookings')
        .set({ starts_at: new Date(Date.now() - daysAgo * day - 60 * 60 * 1000), ends_at: new Date(Date.now() - daysAgo * day) })
        .where('reference', '=', b.reference)
        .execute();
    await setVisit(13);
    expect((await client.get(`/api/bookings/manage/${b.manage_token}`)).status).toBe(200);
    await setVisit(15);
    const view = await client.get(`/api/bookings/manage/${b.manage_token}`);
    expect(view.status).toBe(404);
    expect(view.body).toEqual((await client.get(`/api/bookings/manage/${'A'.repeat(43)}`)).body);
    const ask = await client.post(`/api/bookings/manage/${b.manage_token}/change-request`, { json: { message: 'About last time' } });
    expect(ask.status).toBe(404);
  });

  it('takes 3 change requests a day through one link; the 4th is a 429, and another link is not held back', async () => {
    const b = await booked(typeIds.estimate, 10);
    const other = await booked(typeIds.estimate, 11);
    const client = await visitor();
    const ask = (token: string, n: number) =>
      client.post(`/api/bookings/manage/${token}/change-request`, { json: { message: `Request ${n}` } });
    for (const n of [1, 2, 3]) expect((await ask(b.manage_token, n)).status).toBe(200);
    const fourth = await ask(b.manage_token, 4);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.deps.db.selectFrom('bookings').selectAll().where('reference', '=', b.reference).executeTakeFirstOrThrow();
    expect(row.change_request).toBe('Request 3');
    expect((await ask(other.manage_token, 1)).status).toBe(200);
  });

  it(`lets no more than 3 of 30 change requests sent at once through (${testEngine})`, async () => {
    const b = await booked(typeIds.estimate, 12);
    const client = await visitor();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        client.post(`/api/bookings/manage/${b.manage_token}/change-request`, { json: { message: `At once ${n}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
  });

  it('after the cut-off refuses changes and takes a change request instead', async () => {
    const b = await booked(typeIds.estimate, 6);
    await t.deps.db.updateTable('booking_settings').set({ change_cutoff_hours: 336 }).execute();
    try {
      const client = await visitor();
      const view = await client.get(`/api/bookings/manage/${b.manage_token}`);
      expect(view.body.can_change).toBe(false);
      const move = await client.post(`/api/bookings/manage/${b.manage_token}/reschedule`, { json: { starts_at: b.slots[9]!.starts_at } });
      expect(move.status).toBe(422);
      expect(move.body.errors).toEqual({ token: [BOOKING_MESSAGES.tooLate] });
      const cancel = await client.post(`/api/bookings/manage/${b.manage_token}/cancel`, { json: {} });
      expect(cancel.status).toBe(422);
      const ask = await client.post(`/api/bookings/manage/${b.manage_token}/change-request`, {
        json: { message: 'Could we make it the afternoon?' },
      });
      expect(ask.status, ask.text).toBe(200);
      const row = await t.deps.db.selectFrom('bookings').selectAll().where('reference', '=', b.reference).executeTakeFirstOrThrow();
      expect(row.change_request).toBe('Could we make it the afternoon?');
      expect(row.status).toBe('booked');
      const empty = await client.post(`/api/bookings/manage/${b.manage_token}/change-request`, { json: { message: '' } });
      expect(empty.status).toBe(422);
    } finally {
      await t.deps.db.updateTable('booking_settings').set({ change_cutoff_hours: 24 }).execute();
    }
  });

  it('answers 404 for a token that opens no booking, and 422 for one that is not a token', async () => {
    const client = await visitor();
    expect((await client.get(`/api/bookings/manage/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await client.post(`/api/bookings/manage/${'A'.repeat(43)}/cancel`, { json: {} })).status).toBe(404);
    expect((await client.get('/api/bookings/manage/not%20a%20token')).status).toBe(422);
  });

  it('after an APP_KEY rotation the next mail sends the link already mailed, which still opens the booking', async () => {
    const b = await booked(typeIds.dropOff, 41);
    const config = t.deps.config;
    const before = { appKey: config.appKey, appKeys: config.appKeys };
    const newKey = randomBytes(32);
    Object.assign(config, { appKey: newKey, appKeys: [newKey, ...before.appKeys] });
    try {
      const client = await visitor();
      const moved = await client.post(`/api/bookings/manage/${b.manage_token}/reschedule`, { json: { starts_at: b.slots[42]!.starts_at } });
      expect(moved.status, moved.text).toBe(200);
      const mails = await mailsTo(outbox, b.email);
      const link = mails.at(-1)!.links.find((l) => l.includes('/book/manage/'))!;
      expect(pathOf(link).split('/').at(-1)).toBe(b.manage_token);
      expect((await client.get(`/api/bookings/manage/${b.manage_token}`)).status).toBe(200);
    } finally {
      Object.assign(config, before);
    }
  });

  it('the mail link opens the same booking as the answer', async () => {
    const b = await booked(typeIds.dropOff, 40);
    const [mail] = await mailsTo(outbox, b.email);
    const link = mail!.links.find((l) => l.includes('/book/manage/'))!;
    const token = pathOf(link).split('/').at(-1)!;
    expect(token).toBe(b.manage_token);
  });
});

describe(`the last place, taken by 50 requests at once (${testEngine})`, () => {
  it('gives exactly one booking; the others are refused, the ones that lost the race with the next free slots', async () => {
    const slots = await freeSlots(typeIds.estimate);
    const target = slots.at(-1)!;
    const clients = await Promise.all(Array.from({ length: 50 }, () => visitor()));
    const responses = await Promise.all(
      clients.map((client) =>
        client.post('/api/bookings', {
          json: { ...details(), booking_type_id: typeIds.estimate, starts_at: target.starts_at },
          headers: { 'x-forwarded-for': nextAddress() },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 422)).toEqual([]);
    for (const conflict of responses.filter((r) => r.status === 409)) {
      expect(conflict.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.taken] });
      expect(conflict.body.next_slots.length).toBeGreaterThan(0);
      expect(conflict.body.next_slots.map((s: { starts_at: string }) => s.starts_at)).not.toContain(target.starts_at);
    }
    const rows = await t.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('starts_at', '=', new Date(target.starts_at))
      .where('booking_type_id', '=', typeIds.estimate)
      .execute();
    expect(rows).toHaveLength(1);
    console.info(
      `50 parallel on ${testEngine}: ${statuses.filter((s) => s === 409).length} × 409, ${statuses.filter((s) => s === 422).length} × 422`,
    );
  });

  it('the database refuses a second row for the same place whatever the service does', async () => {
    const place = await t.deps.db.selectFrom('booking_slot_places').selectAll().executeTakeFirstOrThrow();
    const other = await t.deps.db.selectFrom('bookings').select('id').where('id', '!=', place.booking_id).executeTakeFirstOrThrow();
    await expect(
      t.deps.db
        .insertInto('booking_slot_places')
        .values({ booking_type_id: place.booking_type_id, starts_at: place.starts_at, place: place.place, booking_id: other.id })
        .execute(),
    ).rejects.toThrow();
  });
});
