/**
 * The account dashboard's one read (GET /api/user/dashboard): the newest 3 of the customer's
 * quotes, bookings and repairs with "more" flags, only their own, in the same statements however
 * much they have; and the full lists (GET /api/user/quote-requests, /bookings, /repairs) paged by
 * keyset with a limit the server enforces. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clientAs } from '#test/support/content.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getMyDashboard } from '#server/dashboard/my-dashboard.service.ts';
import type { MyDashboard } from '#shared/schemas/my-dashboard.ts';
import { ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT } from '#shared/schemas/paging.ts';

let t: TestApp;
let typeId: number;
let stageId: number;
beforeAll(async () => {
  t = await createTestApp();
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
  stageId = (await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

/** `n` of each kind for the user, the i-th an hour newer than the one before (the same instant twice too). */
async function addWork(user: { id: number; email: string }, n: number, base = Date.now() - 100 * HOUR) {
  const made = { quotes: [] as string[], bookings: [] as string[], repairs: [] as string[] };
  for (let i = 0; i < n; i++) {
    // Two rows per instant at i = 1 and 2: the keyset's id breaks the tie.
    const at = new Date(base + Math.max(i, 1) * HOUR);
    const q = await insertQuoteRequest(t.deps.db, { user_id: user.id, email: user.email, created_at: at });
    const b = await insertBooking(t.deps.db, { booking_type_id: typeId, user_id: user.id, starts_at: new Date(at.getTime() + 200 * HOUR) });
    const r = await insertRepairJob(t.deps.db, {
      stage_id: stageId,
      user_id: user.id,
      customer_email: 'other@example.com',
      created_at: at,
    });
    made.quotes.push(q.reference);
    made.bookings.push(b.reference);
    made.repairs.push(r.reference);
  }
  return made;
}

const newestFirst = (refs: string[]) => [...refs].reverse();

describe('the account dashboard', () => {
  it('lists the newest 3 of each with a more flag, only the customer’s own, no-store', async () => {
    const { client, user } = await clientAs(t);
    const other = await clientAs(t);
    await addWork(other.user, 2);
    const made = await addWork(user, 5);
    const res = await client.get('/api/user/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.body as MyDashboard;
    expect(body.quotes.items.map((q) => q.reference)).toEqual(newestFirst(made.quotes).slice(0, 3));
    expect(body.bookings.items.map((b) => b.reference)).toEqual(newestFirst(made.bookings).slice(0, 3));
    expect(body.repairs.items.map((r) => r.reference)).toEqual(newestFirst(made.repairs).slice(0, 3));
    expect([body.quotes.more, body.bookings.more, body.repairs.more]).toEqual([true, true, true]);
    expect(body.repairs.items[0]!.stage_name).toEqual(expect.any(String));
    expect(body.bookings.items[0]!.type_name).toEqual(expect.any(String));

    const few = await clientAs(t);
    await addWork(few.user, 3);
    const exact = (await few.client.get('/api/user/dashboard')).body as MyDashboard;
    expect([exact.quotes.items.length, exact.bookings.items.length, exact.repairs.items.length]).toEqual([3, 3, 3]);
    expect([exact.quotes.more, exact.bookings.more, exact.repairs.more]).toEqual([false, false, false]);

    expect((await new TestClient(t.app).get('/api/user/dashboard')).status).toBe(401);
  });

  it('runs the same statements however much the customer has', async () => {
    const { user } = await clientAs(t);
    const run = () => countStatements(t.deps.db, (db) => getMyDashboard({ db }, { ...user, email_verified_at: new Date() }));
    await addWork(user, 1);
    const few = await run();
    await addWork(user, 8);
    const many = await run();
    expect(many.statements).toBe(few.statements);
    expect(few.statements).toBe(5);
    expect(many.result.quotes.items).toHaveLength(3);
  });
});

describe("the customer's full lists", () => {
  const lists = [
    ['/api/user/quote-requests', 'quotes'],
    ['/api/user/bookings', 'bookings'],
    ['/api/user/repairs', 'repairs'],
  ] as const;

  it.each(lists)('%s pages newest first by next_cursor, every row once', async (path, kind) => {
    const { client, user } = await clientAs(t);
    const made = await addWork(user, 5);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await client.get(path, { query: { limit: '2', ...(cursor ? { cursor } : {}) } });
      expect(res.status, res.text).toBe(200);
      const rows = res.body.data as { reference: string }[];
      expect(rows.length).toBeLessThanOrEqual(2);
      seen.push(...rows.map((r) => r.reference));
      cursor = res.body.next_cursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst(made[kind]));

    // Without a limit: the first ACCOUNT_LIST_DEFAULT_LIMIT, all of them here, and no next page.
    const all = await client.get(path);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.next_cursor).toBeNull();
  });

  it.each(lists)('%s refuses a limit over the most and a bad cursor (422)', async (path) => {
    const { client } = await clientAs(t);
    const over = await client.get(path, { query: { limit: String(ACCOUNT_LIST_MAX_LIMIT + 1) } });
    expect(over.status).toBe(422);
    expect(over.body.errors.limit).toBeDefined();
    const bad = await client.get(path, { query: { cursor: 'not a cursor' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.cursor).toBeDefined();
  });

  it('answers at most the default page without a limit', async () => {
    const { client, user } = await clientAs(t);
    await Promise.all(
      Array.from({ length: ACCOUNT_LIST_DEFAULT_LIMIT + 2 }, (_, i) =>
        insertQuoteRequest(t.deps.db, { user_id: user.id, created_at: new Date(Date.now() - i * HOUR) }),
      ),
    );
    const res = await client.get('/api/user/quote-requests');
    expect(res.body.data).toHaveLength(ACCOUNT_LIST_DEFAULT_LIMIT);
    expect(res.body.next_cursor).toEqual(expect.any(String));
  });
});
