// auth/rate-limiter.ts: the one contract both stores keep (docs/decisions/atomic-rate-limits.md).
// The PostgreSQL store runs on the test database: PGlite by default, PostgreSQL with TEST_DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseRateLimiter, createMemoryRateLimiter, reserveAttempt, type RateLimiter } from '#server/auth/rate-limiter.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createTestDatabase, testEngine } from '#test/support/database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

let keys = 0;
/** A key no other test touches. */
function freshKey(name: string): string {
  keys += 1;
  return `${name}:${keys}:${Date.now()}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stores: [string, () => RateLimiter][] = [
  ['in-process', () => createMemoryRateLimiter()],
  [`database (${testEngine})`, () => createDatabaseRateLimiter(handle.db)],
];

describe.each(stores)('the %s store', (_name, makeStore) => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const store = makeStore();
    const key = freshKey('limit');
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await store.reserve({ key, limit: 5, windowSeconds: 60 });
      expect(r.allowed).toBe(true);
      remaining.push(r.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await store.reserve({ key, limit: 5, windowSeconds: 60 });
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('lets exactly the limit through when 30 reserve at once', async () => {
    const store = makeStore();
    const key = freshKey('parallel');
    const results = await Promise.all(Array.from({ length: 30 }, () => store.reserve({ key, limit: 5, windowSeconds: 60 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed)).toHaveLength(25);
  });

  it('counts keys apart', async () => {
    const store = makeStore();
    const a = freshKey('a');
    const b = freshKey('b');
    expect((await store.reserve({ key: a, limit: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key: a, limit: 1, windowSeconds: 60 })).allowed).toBe(false);
    expect((await store.reserve({ key: b, limit: 1, windowSeconds: 60 })).allowed).toBe(true);
  });

  it('counts a key of any length (what a visitor typed), and two long keys that differ only at the end apart', async () => {
    const store = makeStore();
    const long = `${freshKey('long')}:${'a'.repeat(5000)}@example.test|127.0.0.1`;
    const other = `${long}x`;
    expect((await store.reserve({ key: long, limit: 2, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key: other, limit: 2, windowSeconds: 60 })).allowed).toBe(true);
    await store.release(long);
    expect((await store.reserve({ key: long, limit: 2, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key: long, limit: 2, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key: long, limit: 2, windowSeconds: 60 })).allowed).toBe(false);
  });

  it('gives one attempt back on release, without resetting the window', async () => {
    const store = makeStore();
    const key = freshKey('release');
    for (let i = 0; i < 3; i++) await store.reserve({ key, limit: 3, windowSeconds: 60 });
    await store.release(key);
    expect((await store.reserve({ key, limit: 3, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key, limit: 3, windowSeconds: 60 })).allowed).toBe(false);
    // Releasing a key that was never reserved does nothing (no negative credit).
    const unused = freshKey('unused');
    await store.release(unused);
    await store.release(unused);
    expect((await store.reserve({ key: unused, limit: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await store.reserve({ key: unused, limit: 1, windowSeconds: 60 })).allowed).toBe(false);
  });

  it('starts a new window once the old one has ended, and sweeps ended windows', async () => {
    const store = makeStore();
    const key = freshKey('expiry');
    expect((await store.reserve({ key, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
    expect((await store.reserve({ key, limit: 1, windowSeconds: 1 })).allowed).toBe(false);
    await sleep(1100);
    // Two sweepers at once (two copies of the site) are harmless.
    const swept = await Promise.all([store.sweepExpired(), store.sweepExpired()]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    expect((await store.reserve({ key, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
  });

  it('reserves under several limits at once and gives back the others when one refuses', async () => {
    const store = makeStore();
    const minute = { key: freshKey('minute'), limit: 2, windowSeconds: 60 };
    const hour = { key: freshKey('hour'), limit: 3, windowSeconds: 3600 };
    expect((await reserveAttempt(store, [minute, hour])).allowed).toBe(true);
    expect((await reserveAttempt(store, [minute, hour])).allowed).toBe(true);
    const refused = await reserveAttempt(store, [minute, hour]);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    // The refused attempt did not use up the hour: one evaluation is still left there.
    expect((await store.reserve(hour)).allowed).toBe(true);
    expect((await store.reserve(hour)).allowed).toBe(false);
    // An allowed attempt released gives its place back under every limit.
    const other = { key: freshKey('other'), limit: 1, windowSeconds: 60 };
    const first = await reserveAttempt(store, [other]);
    await first.release();
    expect((await reserveAttempt(store, [other])).allowed).toBe(true);
  });
});

describe('the database store', () => {
  it('is shared by two stores on one database (two copies of the site)', async () => {
    const copyA = createDatabaseRateLimiter(handle.db);
    const copyB = createDatabaseRateLimiter(handle.db);
    const key = freshKey('copies');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? copyA : copyB).reserve({ key, limit: 5, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('keeps one row per key and deletes it once swept', async () => {
    const store = createDatabaseRateLimiter(handle.db);
    const key = freshKey('row');
    await Promise.all(Array.from({ length: 10 }, () => store.reserve({ key, limit: 5, windowSeconds: 1 })));
    const rows = await sql<{ count: number }>`select count from rate_limits where key = ${key}`.execute(handle.db);
    expect(rows.rows).toEqual([{ count: 10 }]);
    await sleep(1100);
    await store.sweepExpired();
    const left = await sql<{ key: string }>`select key from rate_limits where key = ${key}`.execute(handle.db);
    expect(left.rows).toHaveLength(0);
  });
});
