/**
 * Every SQL statement on the `rate_limits` table: the PostgreSQL store of auth/rate-limiter.ts.
 * Each statement is one atomic step on one row, so copies of the site on the same database count
 * together and N concurrent attempts are counted N times (docs/decisions/atomic-rate-limits.md).
 * Times are the database's clock, so copies whose clocks differ still agree on a window.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { SWEEP_BATCH } from '#server/db/batches.ts';

type Db = Kysely<Database>;

export interface CountedAttempt {
  /** Attempts in the window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  secondsLeft: number;
}

/**
 * Counts one attempt against `key`: a new window of `windowSeconds` when there is none or it has
 * ended, else one more in the current one. The row lock of ON CONFLICT DO UPDATE serialises
 * concurrent callers, and each reads the count its own increment produced.
 */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<CountedAttempt> {
  const result = await sql<{ count: number; seconds_left: number }>`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + ${windowSeconds}::integer * interval '1 second')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.count, greatest(1, ceil(extract(epoch from r.reset_at - now())))::integer as seconds_left`.execute(db);
  const row = result.rows[0]!;
  return { count: Number(row.count), secondsLeft: Number(row.seconds_left) };
}

/** Takes one attempt back from a window that has not ended (never below zero, never a reset). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('reset_at', '>', sql<Date>`now()`)
    .execute();
}

/**
 * Deletes up to `limit` ended windows, chosen by the reset_at index (a sweep repeats it). Two
 * copies sweeping at once delete disjoint rows or nothing.
 */
export async function deleteEndedRateLimits(db: Db, limit = SWEEP_BATCH): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      db
        .selectFrom('rate_limits')
        .select('key')
        .where('reset_at', '<=', sql<Date>`now()`)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
