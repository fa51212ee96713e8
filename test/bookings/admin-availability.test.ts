/**
 * The shop's slot picker (GET /api/admin/booking-types/{type_id}/availability): every free time
 * within opening hours from now on, the ones the online notice and horizon hide from customers
 * too; `online_only=true` is exactly the customer's view; capacity still holds (a time the shop
 * booked shows no place left, and a second booking of it is a 409). Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { addDays, daysFrom } from '#shared/calendar-date.ts';
import { localMoment } from '#shared/opening-status.ts';
import type { Availability } from '#shared/schemas/bookings.ts';

let t: TestApp;
let admin: TestClient;
let typeId: number;
const NOTICE = 3;
const HORIZON = 10;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
  const created = await admin.post('/api/admin/booking-types', { json: { name: 'Shop slot check', duration_minutes: 60, capacity: 1 } });
  expect(created.status, created.text).toBe(201);
  typeId = created.body.id as number;
  const settings = await admin.put('/api/admin/booking-settings', {
    json: { earliest_working_days: NOTICE, horizon_days: HORIZON, change_cutoff_hours: 24 },
  });
  expect(settings.status, settings.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const today = () => localMoment(new Date(), 'Europe/London').date;
const range = () => ({ from: today(), to: addDays(today(), 30) });

async function shopView(query: Record<string, string> = {}): Promise<Availability> {
  const res = await admin.get(`/api/admin/booking-types/${typeId}/availability`, { query: { ...range(), ...query } });
  expect(res.status, res.text).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return res.body as Availability;
}

async function customerView(): Promise<Availability> {
  const res = await new TestClient(t.app).get(`/api/booking-types/${typeId}/availability`, { query: range() });
  expect(res.status, res.text).toBe(200);
  return res.body as Availability;
}

/** An HH:MM an hour later (the type's length). */
const timeAfter = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;

const openDates = (a: Availability) => a.days.filter((d) => d.slots.some((s) => s.free > 0)).map((d) => d.date);

describe("the shop's slot picker", () => {
  it('offers the free times the online notice and horizon hide, never a past one', async () => {
    const [shop, customer] = await Promise.all([shopView(), customerView()]);
    const shopDates = openDates(shop);
    const customerDates = openDates(customer);
    expect(customerDates.length).toBeGreaterThan(0);
    // Every day a customer may book, the shop may too, with the same times.
    for (const date of customerDates) expect(shopDates).toContain(date);
    for (const day of customer.days.filter((d) => customerDates.includes(d.date))) {
      expect(shop.days.find((d) => d.date === day.date)!.slots).toEqual(day.slots);
    }
    // Inside the notice and past the horizon: shut online, open to the shop.
    const hidden = shopDates.filter((d) => !customerDates.includes(d));
    expect(hidden.some((d) => daysFrom(today(), d) > HORIZON)).toBe(true);
    expect(hidden.some((d) => daysFrom(today(), d) <= NOTICE)).toBe(true);
    expect(shop.first_date).toBe(today());
    expect(daysFrom(today(), shop.last_date)).toBeGreaterThan(HORIZON);
    const now = Date.now();
    for (const day of shop.days) for (const slot of day.slots) expect(Date.parse(slot.starts_at)).toBeGreaterThan(now);
  });

  it('answers the customer’s view with online_only', async () => {
    const [online, customer] = await Promise.all([shopView({ online_only: 'true' }), customerView()]);
    expect(online).toEqual(customer);
  });

  it('keeps capacity: a hidden time the shop books has no place left, and a second booking of it is a 409', async () => {
    const customerDates = openDates(await customerView());
    const shop = await shopView();
    const day = shop.days.find((d) => !customerDates.includes(d.date) && d.slots.some((s) => s.free > 0))!;
    const slot = day.slots.find((s) => s.free > 0)!;
    const made = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: slot.starts_at, name: 'Hidden Time Caller', telephone: '01632 960 124' },
    });
    expect(made.status, made.text).toBe(201);
    const after = await shopView();
    const same = after.days.find((d) => d.date === day.date)!.slots.find((s) => s.starts_at === slot.starts_at)!;
    expect(same.free).toBe(0);
    const second = await admin.post('/api/admin/bookings', {
      json: { booking_type_id: typeId, starts_at: slot.starts_at, name: 'Second Caller', telephone: '01632 960 125' },
    });
    expect(second.status, second.text).toBe(409);
  });

  it('still shuts a blocked time', async () => {
    const shop = await shopView();
    const day = shop.days.find((d) => d.slots.filter((s) => s.free > 0).length > 1)!;
    const slot = day.slots.find((s) => s.free > 0)!;
    const blocked = await admin.post('/api/admin/blocked-times', { json: { date: day.date, from: slot.time, to: timeAfter(slot.time) } });
    expect(blocked.status, blocked.text).toBe(201);
    const after = await shopView();
    expect(after.days.find((d) => d.date === day.date)!.slots.map((s) => s.starts_at)).not.toContain(slot.starts_at);
  });

  it('is for the bookings permission: a technician gets 403, a customer 403, a visitor 401; an unknown type 404', async () => {
    const technician = (await clientAs(t, { role: 'user', staff_role: 'technician' })).client;
    const customer = (await clientAs(t)).client;
    const url = `/api/admin/booking-types/${typeId}/availability`;
    expect((await technician.get(url, { query: range() })).status).toBe(403);
    expect((await customer.get(url, { query: range() })).status).toBe(403);
    expect((await new TestClient(t.app).get(url, { query: range() })).status).toBe(401);
    expect((await admin.get(`/api/admin/booking-types/999999/availability`, { query: range() })).status).toBe(404);
    const bad = await admin.get(url, { query: { from: today(), to: addDays(today(), 90) } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.to).toBeDefined();
  });
});
