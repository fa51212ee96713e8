/**
 * Dates out of any sane window (the security review's year-9999 request): availability's from/to
 * outside yesterday … the longest horizon, and every other booking date outside 1900 … 2200, answer
 * a 422 on the field at once, never a 500 and never a day loop that runs on. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (where the 9999 request used to hang the process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import { addDays, eachDay, localMoment } from '#shared/calendar-date.ts';
import { availabilityWindow } from '#shared/schemas/booking-inputs.ts';

let t: TestApp;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const today = () => localMoment(new Date(), 'Europe/London').date;
const OUT_OF_RANGE = ['0000-01-01', '9999-12-31', '10000-01-01', '+010000-01-01', '2026-02-30'];

describe(`dates out of range (${testEngine})`, () => {
  it('answers the year-9999 availability request with a 422 on from and to, within a second', async () => {
    const client = new TestClient(t.app);
    const started = Date.now();
    const res = await client.get(`/api/booking-types/${typeId}/availability`, { query: { from: '9999-12-31', to: '9999-12-31' } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status, res.text).toBe(422);
    const { min, max } = availabilityWindow();
    expect(res.body.errors.from).toEqual([`The from field must be a date between ${min} and ${max}.`]);
    expect(res.body.errors.to).toEqual([`The to field must be a date between ${min} and ${max}.`]);
  });

  it('answers every out-of-range or impossible date with a 422 on the field', async () => {
    const client = new TestClient(t.app);
    for (const date of [...OUT_OF_RANGE, addDays(today(), -3), addDays(today(), 400)]) {
      const res = await client.get(`/api/booking-types/${typeId}/availability`, { query: { from: date, to: date } });
      expect(res.status, `${date}: ${res.text}`).toBe(422);
      expect(Object.keys(res.body.errors).sort(), date).toEqual(['from', 'to']);
    }
    // The window's own edges are days like any other.
    const ok = await client.get(`/api/booking-types/${typeId}/availability`, { query: { from: today(), to: addDays(today(), 61) } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.days).toHaveLength(62);
  });

  it('refuses out-of-range dates and instants on the admin’s booking paths and a customer booking', async () => {
    const admin = (await adminClient(t)).client;
    for (const date of OUT_OF_RANGE) {
      const range = await admin.get('/api/admin/bookings', { query: { from: date, to: date } });
      expect(range.status, `${date}: ${range.text}`).toBe(422);
      expect(range.body.errors).toHaveProperty('from');
      const blocked = await admin.post('/api/admin/blocked-times', { json: { date, from: '10:00', to: '11:00' } });
      expect(blocked.status, `${date}: ${blocked.text}`).toBe(422);
      expect(blocked.body.errors).toHaveProperty('date');
    }
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    for (const startsAt of ['0000-01-01T10:00:00Z', '9999-12-31T10:00:00Z', '+010000-01-01T10:00:00Z']) {
      const res = await visitor.post('/api/bookings', { json: { booking_type_id: typeId, starts_at: startsAt } });
      expect(res.status, `${startsAt}: ${res.text}`).toBe(422);
      expect(res.body.errors).toHaveProperty('starts_at');
    }
  });
});

describe('counting days (calendar-date.ts)', () => {
  it('ends a walk over days past the year 9999, where ISO dates stop sorting as text', () => {
    expect(addDays('9999-12-31', 1)).toBe('+010000-01-01');
    expect(eachDay('9999-12-30', '+010000-01-02', 62)).toEqual(['9999-12-30', '9999-12-31', '+010000-01-01', '+010000-01-02']);
    expect(eachDay('2026-01-01', '2030-01-01', 5)).toHaveLength(5);
    expect(eachDay('2026-01-02', '2026-01-01', 5)).toEqual([]);
  });
});
