/**
 * Capacity by time (docs/decisions/booking-capacity-by-time-buckets.md): after the shop
 * changes a type's length its grid moves; the slot list no longer offers a slot overlapping a booking
 * already made on the same place, and a booking of it is refused; cancelling gives the minutes back; parallel attempts at one place
 * give one booking. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { testEngine } from '#test/support/database.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays } from '#shared/calendar-date.ts';
import { BOOKING_MESSAGES } from '#shared/schemas/bookings.ts';

let t: TestApp;
let estimate: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  const type = await t.deps.db.selectFrom('booking_types').select('id').where('name', '=', 'Estimate visit').executeTakeFirstOrThrow();
  estimate = type.id;
});
afterAll(async () => {
  await t?.close();
});

let lastAddress = 0;
const nextAddress = () => `10.77.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
let lastEmail = 0;
const details = () => ({
  name: 'Jo Customer',
  email: `bucket${++lastEmail}@example.com`,
  telephone: '07700 900123',
  vehicle: 'Ford Focus 2018',
});

interface Slot {
  starts_at: string;
  free: number;
}

async function availableDays(): Promise<{ date: string; slots: Slot[] }[]> {
  const from = localMoment(new Date(), 'Europe/London').date;
  const res = await new TestClient(t.app).get(`/api/booking-types/${estimate}/availability`, { query: { from, to: addDays(from, 20) } });
  expect(res.status, res.text).toBe(200);
  return res.body.days as { date: string; slots: Slot[] }[];
}

/** The slots of the first wholly free day (after `skip` of them) from the first bookable day on. */
async function daySlots(skip = 0): Promise<Slot[]> {
  const days = (await availableDays()).filter((d) => d.slots.length > 3 && d.slots.every((s) => s.free > 0));
  return days[skip]!.slots;
}

/** The slots of one day, as the list offers them now. */
async function slotsOn(startsAt: string): Promise<Slot[]> {
  const date = localMoment(new Date(startsAt), 'Europe/London').date;
  return (await availableDays()).find((d) => d.date === date)!.slots;
}

async function book(startsAt: string) {
  const client = new TestClient(t.app);
  await client.csrf();
  return client.post('/api/bookings', {
    json: { ...details(), booking_type_id: estimate, starts_at: startsAt },
    headers: { 'x-forwarded-for': nextAddress() },
  });
}

async function idOf(res: { body: { reference: string } }): Promise<number> {
  const row = await t.deps.db.selectFrom('bookings').select('id').where('reference', '=', res.body.reference).executeTakeFirstOrThrow();
  return row.id;
}

async function setDuration(minutes: number) {
  await t.deps.db.updateTable('booking_types').set({ duration_minutes: minutes }).where('id', '=', estimate).execute();
}

describe(`capacity by time after the grid moves (${testEngine})`, () => {
  it('refuses a booking on the new grid that overlaps one made on the old, and takes it once that one is cancelled', async () => {
    await setDuration(20);
    const slots = await daySlots(3);
    // 20-minute grid: the second slot is [start+20, start+40).
    const first = await book(slots[1]!.starts_at);
    expect(first.status, first.text).toBe(201);
    const firstId = await idOf(first);
    expect(
      await t.deps.db.selectFrom('booking_time_buckets').select('bucket_start').where('booking_id', '=', firstId).execute(),
    ).toHaveLength(20);
    try {
      await setDuration(30);
      const moved = await slotsOn(slots[0]!.starts_at);
      // 30-minute grid: the second slot is [start+30, start+60), overlapping the booking's last ten minutes.
      const overlapping = moved[1]!.starts_at;
      expect(new Date(overlapping).getTime() - new Date(slots[0]!.starts_at).getTime()).toBe(30 * 60_000);
      // The list counts the minutes as the booking does: both slots the old booking overlaps are full.
      expect(moved.slice(0, 3).map((s) => s.free)).toEqual([0, 0, 1]);
      // Refused before any insert, as the list said: the slot rules count the same minutes.
      const refused = await book(overlapping);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.errors).toEqual({ starts_at: [BOOKING_MESSAGES.full] });
      expect(await t.deps.db.selectFrom('booking_time_buckets').select('booking_id').where('booking_id', '!=', firstId).execute()).toEqual(
        [],
      );
      // The slot after it does not overlap and is taken.
      expect((await book(moved[2]!.starts_at)).status).toBe(201);

      const cancel = new TestClient(t.app);
      await cancel.csrf();
      expect((await cancel.post(`/api/bookings/manage/${first.body.manage_token}/cancel`, { json: {} })).status).toBe(200);
      expect(await t.deps.db.selectFrom('booking_time_buckets').select('bucket_start').where('booking_id', '=', firstId).execute()).toEqual(
        [],
      );
      expect((await slotsOn(overlapping))[1]!.free).toBe(1);
      const taken = await book(overlapping);
      expect(taken.status, taken.text).toBe(201);
    } finally {
      await setDuration(20);
    }
  });

  it('gives one booking out of 5 parallel attempts at one place', async () => {
    const slots = await daySlots(5);
    const responses = await Promise.all(Array.from({ length: 5 }, () => book(slots[0]!.starts_at)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 422)).toEqual([]);
    const winner = await idOf(responses.find((r) => r.status === 201)!);
    const rows = await t.deps.db
      .selectFrom('booking_time_buckets')
      .select('booking_id')
      .where('bucket_start', '>=', new Date(slots[0]!.starts_at))
      .where('bucket_start', '<', new Date(slots[1]!.starts_at))
      .execute();
    expect(rows.map((r) => r.booking_id)).toEqual(Array(20).fill(winner));
  });

  it('the database refuses a second booking on a minute of a place already held', async () => {
    const held = await t.deps.db.selectFrom('booking_time_buckets').selectAll().executeTakeFirstOrThrow();
    const other = await t.deps.db.selectFrom('bookings').select('id').where('id', '!=', held.booking_id).executeTakeFirstOrThrow();
    await expect(
      t.deps.db
        .insertInto('booking_time_buckets')
        .values({ ...held, booking_id: other.id })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/i);
  });
});
