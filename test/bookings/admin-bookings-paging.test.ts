// GET /api/admin/bookings answers at most 500 bookings (a `limit` above is a 422) and pages on by
// a (starts_at, id) cursor within the asked range, so bookings sharing a start are each seen once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { insertBooking } from '#test/support/work-rows.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/bookings', () => {
  it('walks a range by cursor, every booking once in (starts_at, id) order, and none outside it', async () => {
    const type = await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow();
    const ids: number[] = [];
    // Five at one start, then two later ones; one the next day, outside the asked day.
    for (const startsAt of ['09:00', '09:00', '09:00', '09:00', '09:00', '10:30', '11:00']) {
      const row = await insertBooking(t.deps.db, { booking_type_id: type.id, starts_at: `2026-12-14T${startsAt}:00Z` });
      ids.push(row.id);
    }
    await insertBooking(t.deps.db, { booking_type_id: type.id, starts_at: '2026-12-15T09:00:00Z' });

    const whole = await admin.get('/api/admin/bookings', { query: { from: '2026-12-14', to: '2026-12-14' } });
    expect(whole.status).toBe(200);
    expect(whole.body.next_cursor).toBeNull();
    expect(whole.body.data.map((b: { id: number }) => b.id)).toEqual(ids);

    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { from: '2026-12-14', to: '2026-12-14', limit: '2', ...(cursor ? { cursor } : {}) };
      const res = await admin.get('/api/admin/bookings', { query });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      walked.push(...res.body.data.map((b: { id: number }) => b.id));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(walked).toEqual(ids);
    expect(pages).toBe(4);
  });

  it('refuses a limit above 500 or below 1, and a malformed cursor (422)', async () => {
    const range = { from: '2026-12-14', to: '2026-12-20' };
    expect((await admin.get('/api/admin/bookings', { query: { ...range, limit: '501' } })).status).toBe(422);
    expect((await admin.get('/api/admin/bookings', { query: { ...range, limit: '0' } })).status).toBe(422);
    expect((await admin.get('/api/admin/bookings', { query: { ...range, cursor: 'x' } })).status).toBe(422);
    expect((await admin.get('/api/admin/bookings', { query: { ...range, limit: '500' } })).status).toBe(200);
  });
});
