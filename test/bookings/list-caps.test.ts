/**
 * The admin's hand-kept booking lists are bounded (docs/decisions/small-lists-capped-at-creation.md):
 * a booking type or a blocked time past its cap is refused with a 422 on the form's field, the lists
 * stop at the cap, and the clash list shows the first 200 with `more` while the cancel takes all.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { insertBooking } from '#test/support/work-rows.ts';
import { LIST_CAPS } from '#shared/limits.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

describe('list caps', () => {
  it('refuses a booking type past the cap, on the name', async () => {
    const existing = (await admin.get('/api/admin/booking-types')).body.data.length as number;
    await sql`insert into booking_types (name, description, duration_minutes, capacity, position)
      select 'Type ' || g, '', 30, 1, 100 + g from generate_series(1, ${LIST_CAPS.bookingTypes - existing}) g`.execute(t.deps.db);
    const listed = await admin.get('/api/admin/booking-types');
    expect(listed.body.data).toHaveLength(LIST_CAPS.bookingTypes);
    const refused = await admin.post('/api/admin/booking-types', { json: { name: 'One too many', duration_minutes: 30, capacity: 1 } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.name[0]).toContain(`at most ${LIST_CAPS.bookingTypes} booking types`);
  });

  it('refuses a blocked time when the cap is already ahead, on the date', async () => {
    const from = Math.floor(Date.now() / 1000) + 86_400 * 400;
    await sql`insert into blocked_times (starts_at, ends_at, note)
      select to_timestamp(${from} + g * 3600), to_timestamp(${from} + g * 3600 + 600), ''
      from generate_series(1, ${LIST_CAPS.blockedTimesAhead}) g`.execute(t.deps.db);
    const listed = await admin.get('/api/admin/blocked-times');
    expect(listed.body.data).toHaveLength(LIST_CAPS.blockedTimesAhead);
    const date = new Date(Date.now() + 86_400_000 * 10).toISOString().slice(0, 10);
    const refused = await admin.post('/api/admin/blocked-times', { json: { date, from: '10:00', to: '11:00', note: '' } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.date[0]).toContain(`${LIST_CAPS.blockedTimesAhead} blocked times`);
    await t.deps.db.deleteFrom('blocked_times').execute();
  });

  it('lists the first clashes with more, and the cancel takes every one', async () => {
    const type = await t.deps.db.selectFrom('booking_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    const day = new Date(Date.now() + 86_400_000 * 30);
    const date = day.toISOString().slice(0, 10);
    const base = Date.parse(`${date}T09:00:00Z`);
    const count = LIST_CAPS.clashesListed + 5;
    for (let i = 0; i < count; i++)
      await insertBooking(t.deps.db, {
        booking_type_id: type.id,
        starts_at: new Date(base + (i % 10) * 60_000),
        email: `clash${i}@example.com`,
      });
    const listed = await admin.get('/api/admin/booking-clashes', { query: { from_date: date, to_date: date } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toHaveLength(LIST_CAPS.clashesListed);
    expect(listed.body.more).toBe(true);
    const cancelled = await admin.post('/api/admin/booking-clashes/cancel', {
      json: { from_date: date, to_date: date, reason: 'Closed for a flood.' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toHaveLength(count);
    const after = await admin.get('/api/admin/booking-clashes', { query: { from_date: date, to_date: date } });
    expect(after.body).toEqual({ data: [], more: false });
  });
});
