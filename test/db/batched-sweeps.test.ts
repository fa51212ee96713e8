/**
 * The ten-minute sweep deletes in bounded batches: every expired session, ended rate-limit window
 * and old mail record goes, a batch at a time, and nothing that should stay.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '#server/auth/sessions.repository.ts';
import { createDatabaseRateLimiter } from '#server/auth/rate-limiter.ts';
import { sweepInBatches } from '#server/db/batches.ts';
import { deleteOldMail } from '#server/mail/outgoing-mail.repository.ts';
import { createTestDatabase } from '#test/support/database.ts';
import type { DatabaseHandle } from '#server/db/database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

async function count(table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(handle.db);
  return rows[0]!.n;
}

describe('bounded sweeps', () => {
  it('sweepInBatches repeats until a short batch, calling with the limit each time', async () => {
    const asked: number[] = [];
    let left = 25;
    const total = await sweepInBatches(
      async (limit) => {
        asked.push(limit);
        const n = Math.min(limit, left);
        left -= n;
        return n;
      },
      { limit: 10 },
    );
    expect(total).toBe(25);
    expect(asked).toEqual([10, 10, 10]);
  });

  it('stops between batches once the site is closing', async () => {
    let calls = 0;
    const total = await sweepInBatches(
      async (limit) => {
        calls += 1;
        return limit;
      },
      { limit: 5, closing: () => calls >= 2 },
    );
    expect(calls).toBe(2);
    expect(total).toBe(10);
  });

  it('deletes every expired session in batches and keeps the live ones', async () => {
    await sql`insert into sessions (id, expires_at, created_at)
      select 'old-' || g, now() - interval '1 hour', now() - interval '2 days' from generate_series(1, 45) g`.execute(handle.db);
    await sql`insert into sessions (id, expires_at, created_at)
      select 'live-' || g, now() + interval '1 hour', now() from generate_series(1, 5) g`.execute(handle.db);
    const batches: number[] = [];
    const total = await sweepInBatches(
      async (limit) => {
        const n = await deleteExpiredSessions(handle.db, new Date(), limit);
        batches.push(n);
        return n;
      },
      { limit: 20 },
    );
    expect(total).toBe(45);
    expect(batches).toEqual([20, 20, 5]);
    expect(await count('sessions')).toBe(5);
  });

  it('deletes old sent and cancelled mail in batches; failed, queued and recent mail stays', async () => {
    for (const [status, age, n] of [
      ['sent', '40 days', 30],
      ['cancelled', '40 days', 7],
      ['failed', '40 days', 3],
      ['queued', '40 days', 2],
      ['sent', '1 day', 4],
    ] as const) {
      await sql`insert into outgoing_mail (id, kind, recipient, subject, status, created_at, updated_at)
        select gen_random_uuid(), 'password-reset', 'someone@example.com', 'Reset', ${status}, now() - ${age}::interval, now()
        from generate_series(1, ${n}::int)`.execute(handle.db);
    }
    const total = await sweepInBatches((limit) => deleteOldMail(handle.db, 30, limit), { limit: 10 });
    expect(total).toBe(37);
    expect(await count('outgoing_mail')).toBe(9);
  });

  it('the database rate limiter forgets every ended window', async () => {
    await sql`insert into rate_limits (key, count, reset_at)
      select 'ended-' || g, 1, now() - interval '1 minute' from generate_series(1, 2500) g`.execute(handle.db);
    await sql`insert into rate_limits (key, count, reset_at) values ('running', 1, now() + interval '1 minute')`.execute(handle.db);
    expect(await createDatabaseRateLimiter(handle.db).sweepExpired()).toBe(2500);
    expect(await count('rate_limits')).toBe(1);
  });
});
