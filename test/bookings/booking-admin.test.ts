/**
 * The shop's side of booking (docs/rest-contract.md "Bookings", paths marked A): types (add, change,
 * switch off), settings, the calendar, a booking's details and badge, move (mailed with a new .ics),
 * cancel with a reason (mailed), attended / no-show, blocked times and closures listing the
 * bookings they clash with and cancelling them when asked, and change requests accepted or
 * declined. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { addDays } from '#shared/calendar-date.ts';
import { localMoment } from '#shared/opening-status.ts';
import { BOOKING_MESSAGES } from '#shared/schemas/bookings.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
let estimateId: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  estimateId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

const today = () => localMoment(new Date(), 'Europe/London').date;
let n = 0;

async function slots(typeId = estimateId) {
  const res = await new TestClient(t.app).get(`/api/booking-types/${typeId}/availability`, {
    query: { from: today(), to: addDays(today(), 20) },
  });
  return (res.body.days as { date: string; slots: { starts_at: string; time: string; free: number }[] }[]).flatMap((d) =>
    d.slots.filter((s) => s.free > 0).map((s) => ({ ...s, date: d.date })),
  );
}

async function book(index: number) {
  const slot = (await slots())[index]!;
  const c = new TestClient(t.app);
  await c.csrf();
  n += 1;
  const email = `admin-side${n}@example.com`;
  const res = await c.post('/api/bookings', {
    json: {
      booking_type_id: estimateId,
      starts_at: slot.starts_at,
      name: 'Tamsin Rowe',
      email,
      telephone: '07700 900111',
      vehicle: 'VW Golf',
    },
    headers: { 'x-forwarded-for': `10.26.0.${n}` },
  });
  expect(res.status, res.text).toBe(201);
  const row = await t.deps.db.selectFrom('bookings').select(['id']).where('reference', '=', res.body.reference).executeTakeFirstOrThrow();
  return { id: row.id, reference: res.body.reference as string, email, slot, token: res.body.manage_token as string };
}

describe('types and settings', () => {
  it('adds, changes and switches off a type; visitors see only those switched on', async () => {
    const created = await admin.post('/api/admin/booking-types', { json: { name: 'Wheel alignment', duration_minutes: 30, capacity: 1 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Wheel alignment', active: true, asks_location: false });
    const bad = await admin.post('/api/admin/booking-types', { json: { name: '', duration_minutes: 2, capacity: 50 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['capacity', 'duration_minutes', 'name']);
    const off = await admin.patch(`/api/admin/booking-types/${created.body.id}`, { json: { active: false, capacity: 2 } });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ active: false, capacity: 2, name: 'Wheel alignment' });
    const visible = await new TestClient(t.app).get('/api/booking-types');
    expect(visible.body.data.map((x: { name: string }) => x.name)).not.toContain('Wheel alignment');
    expect((await admin.get('/api/admin/booking-types')).body.data.map((x: { name: string }) => x.name)).toContain('Wheel alignment');
    expect((await admin.patch('/api/admin/booking-types/999999', { json: { active: false } })).status).toBe(404);
    const { client: customer } = await clientAs(t);
    expect((await customer.get('/api/admin/booking-types')).status).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/booking-types')).status).toBe(401);
  });

  it('reads and replaces the settings, each rule a 422 on its field', async () => {
    expect((await admin.get('/api/admin/booking-settings')).body).toEqual({
      earliest_working_days: 1,
      horizon_days: 42,
      change_cutoff_hours: 24,
      bank_holiday_region: 'england-and-wales',
    });
    const bad = await admin.put('/api/admin/booking-settings', {
      json: { earliest_working_days: -1, horizon_days: 0, change_cutoff_hours: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['change_cutoff_hours', 'earliest_working_days', 'horizon_days']);
    const ok = await admin.put('/api/admin/booking-settings', {
      json: { earliest_working_days: 1, horizon_days: 28, change_cutoff_hours: 48 },
    });
    // The region left out stays as it was.
    expect(ok.body).toEqual({
      earliest_working_days: 1,
      horizon_days: 28,
      change_cutoff_hours: 48,
      bank_holiday_region: 'england-and-wales',
    });
    const far = await new TestClient(t.app).get(`/api/booking-types/${estimateId}/availability`, {
      query: { from: today(), to: addDays(today(), 35) },
    });
    expect(far.body.last_date).toBe(addDays(today(), 28));
    await admin.put('/api/admin/booking-settings', { json: { earliest_working_days: 1, horizon_days: 42, change_cutoff_hours: 24 } });
  });
});

describe('bookings', () => {
  it('lists the week, badges new bookings until opened, and shows the details', async () => {
    const b = await book(0);
    const counts = await admin.get('/api/admin/bookings/counts');
    expect(counts.body.new).toBeGreaterThanOrEqual(1);
    const week = await admin.get('/api/admin/bookings', { query: { from: b.slot.date, to: addDays(b.slot.date, 6) } });
    expect(week.status).toBe(200);
    expect(week.headers['cache-control']).toBe('no-store');
    expect(week.body.data.find((x: { reference: string }) => x.reference === b.reference)).toMatchObject({
      is_new: true,
      name: 'Tamsin Rowe',
    });
    const detail = await admin.get(`/api/admin/bookings/${b.id}`);
    expect(detail.body).toMatchObject({ reference: b.reference, email: b.email, type_name: 'Estimate visit', quote_request_id: null });
    expect((await admin.get(`/api/admin/bookings/${b.id}`)).body.is_new).toBe(false);
    expect((await admin.get('/api/admin/bookings/counts')).body.new).toBe(counts.body.new - 1);
    expect((await admin.get('/api/admin/bookings/999999')).status).toBe(404);
  });

  it('moves a booking: the place moves, the customer is mailed a new .ics; a taken or closed time is a 422', async () => {
    const b = await book(1);
    const other = await book(2);
    const taken = await admin.post(`/api/admin/bookings/${b.id}/move`, { json: { starts_at: other.slot.starts_at } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.full] });
    const saturday = [...Array(7).keys()].map((i) => addDays(b.slot.date, i)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
    const closed = await admin.post(`/api/admin/bookings/${b.id}/move`, { json: { starts_at: `${saturday}T10:00:00Z` } });
    expect(closed.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.closed] });
    const target = (await slots())[5]!;
    const moved = await admin.post(`/api/admin/bookings/${b.id}/move`, { json: { starts_at: target.starts_at } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.starts_at).toBe(target.starts_at);
    const mail = (await mailsTo(outbox, b.email)).find((m) => m.subject.includes('has changed'))!;
    expect(mail.text).toContain(target.time);
    expect(mail.attachments[0]!.content).toContain(`DTSTART:${target.starts_at.replace(/[-:]/g, '').replace('.000', '')}`);
    expect((await slots()).map((s) => s.starts_at)).toContain(b.slot.starts_at);
  });

  it('cancels with a reason the customer receives, and marks attended or no-show', async () => {
    const b = await book(3);
    const noReason = await admin.post(`/api/admin/bookings/${b.id}/cancel`, { json: { reason: '' } });
    expect(noReason.status).toBe(422);
    const res = await admin.post(`/api/admin/bookings/${b.id}/cancel`, { json: { reason: 'Our paint booth is being repaired that day.' } });
    expect(res.body.status).toBe('cancelled');
    const mail = (await mailsTo(outbox, b.email)).find((m) => m.subject.includes('is cancelled'))!;
    expect(mail.text).toContain('Reason: Our paint booth is being repaired that day.');
    expect((await admin.post(`/api/admin/bookings/${b.id}/status`, { json: { status: 'attended' } })).status).toBe(422);

    const c = await book(4);
    expect((await admin.post(`/api/admin/bookings/${c.id}/status`, { json: { status: 'no_show' } })).body.status).toBe('no_show');
    expect((await admin.post(`/api/admin/bookings/${c.id}/status`, { json: { status: 'attended' } })).body.status).toBe('attended');
    expect((await admin.post(`/api/admin/bookings/${c.id}/status`, { json: { status: 'gone' } })).status).toBe(422);
  });

  it("accepts a customer's change request by moving it, or declines it with a mail", async () => {
    const b = await book(6);
    await t.deps.db
      .updateTable('bookings')
      .set({ change_request: 'Can we do the afternoon?', change_requested_at: new Date() })
      .where('id', '=', b.id)
      .execute();
    expect((await admin.get('/api/admin/bookings/counts')).body.change_requests).toBeGreaterThanOrEqual(1);
    const declined = await admin.post(`/api/admin/bookings/${b.id}/change-request`, {
      json: { accept: false, reason: 'The afternoon is full.' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.change_request).toBeNull();
    expect((await mailsTo(outbox, b.email)).find((m) => m.subject.includes('About the change'))!.text).toContain('The afternoon is full.');
    expect((await admin.post(`/api/admin/bookings/${b.id}/change-request`, { json: { accept: false } })).status).toBe(422);

    await t.deps.db
      .updateTable('bookings')
      .set({ change_request: 'Later, please', change_requested_at: new Date() })
      .where('id', '=', b.id)
      .execute();
    const noTime = await admin.post(`/api/admin/bookings/${b.id}/change-request`, { json: { accept: true } });
    expect(noTime.status).toBe(422);
    const target = (await slots())[9]!;
    const accepted = await admin.post(`/api/admin/bookings/${b.id}/change-request`, {
      json: { accept: true, starts_at: target.starts_at },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ starts_at: target.starts_at, change_request: null });
  });
});

describe('blocked times and closures', () => {
  it('lists the bookings a blocked time clashes with, keeps them or cancels them with a mail', async () => {
    const b = await book(10);
    const time = b.slot.time;
    const clashes = await admin.get('/api/admin/booking-clashes', {
      query: { from_date: b.slot.date, to_date: b.slot.date, from_time: time, to_time: '17:00' },
    });
    expect(clashes.status).toBe(200);
    expect(clashes.body.data.map((x: { reference: string }) => x.reference)).toContain(b.reference);

    const kept = await admin.post('/api/admin/blocked-times', { json: { date: b.slot.date, from: time, to: '17:00', note: 'Training' } });
    expect(kept.status, kept.text).toBe(201);
    expect(kept.body.clashes.map((x: { reference: string }) => x.reference)).toContain(b.reference);
    expect((await admin.get(`/api/admin/bookings/${b.id}`)).body.status).toBe('booked');
    // The blocked hours are offered to no one.
    expect((await slots()).filter((s) => s.date === b.slot.date && s.time >= time)).toEqual([]);
    expect((await admin.delete(`/api/admin/blocked-times/${kept.body.blocked.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/blocked-times/${kept.body.blocked.id}`)).status).toBe(404);

    const cancelled = await admin.post('/api/admin/blocked-times', {
      json: { date: b.slot.date, from: time, to: '17:00', note: 'Training', cancel_clashing: true },
    });
    expect(cancelled.body.clashes.find((x: { reference: string }) => x.reference === b.reference).status).toBe('cancelled');
    const mail = (await mailsTo(outbox, b.email)).find((m) => m.subject.includes('is cancelled'))!;
    expect(mail.text).toContain('(Training)');
    expect((await admin.get('/api/admin/blocked-times')).body.data.length).toBeGreaterThanOrEqual(1);
    const bad = await admin.post('/api/admin/blocked-times', { json: { date: 'soon', from: '17:00', to: '09:00' } });
    expect(bad.status).toBe(422);
  });

  it('lists the bookings a closure clashes with before saving, and cancels them when asked', async () => {
    const b = await book(30);
    const listed = await admin.get('/api/admin/booking-clashes', { query: { from_date: b.slot.date, to_date: b.slot.date } });
    expect(listed.body.data.map((x: { reference: string }) => x.reference)).toContain(b.reference);
    const res = await admin.post('/api/admin/booking-clashes/cancel', {
      json: { from_date: b.slot.date, to_date: b.slot.date, reason: 'We are closed for a family funeral.' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((x: { reference: string }) => x.reference)).toContain(b.reference);
    expect((await mailsTo(outbox, b.email)).some((m) => m.text.includes('We are closed for a family funeral.'))).toBe(true);
  });
});
