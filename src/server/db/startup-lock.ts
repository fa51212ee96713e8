/**
 * Start-up work that must not run twice at once (migrations, seeding, the first admin) runs under
 * a PostgreSQL session advisory lock, so copies of the site starting together take turns: the
 * second finds the work done. The lock lives on one pinned connection and goes with it if the
 * process dies. PGlite is opened by one process only, so there it is a plain call.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** Any constant shared by every copy; "bodyshop" in ASCII, to be recognisable in pg_locks. */
export const STARTUP_LOCK_ID = 0x626f647973686f70n;

export async function withStartupLock<T>(database: Pick<DatabaseHandle, 'db' | 'engine'>, work: () => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection);
    }
  });
}
