// Every SQL statement on blocked_times.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { BlockedTimesTable } from '#server/bookings/blocked-times.table.ts';
import { LIST_CAPS } from '#shared/limits.ts';

type Db = Kysely<Database>;
export type BlockedTimeRow = Selectable<BlockedTimesTable>;

/** The blocked times that overlap [from, to). */
export async function findBlockedTimesBetween(db: Db, from: Date, to: Date): Promise<BlockedTimeRow[]> {
  return db.selectFrom('blocked_times').selectAll().where('starts_at', '<', to).where('ends_at', '>', from).orderBy('starts_at').execute();
}

export async function listBlockedTimesFrom(db: Db, from: Date): Promise<BlockedTimeRow[]> {
  return db
    .selectFrom('blocked_times')
    .selectAll()
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .limit(LIST_CAPS.blockedTimesAhead)
    .execute();
}

/** Blocked times ending after `from`, counted up to `cap`. */
export async function countBlockedTimesFromUpTo(db: Db, from: Date, cap: number): Promise<number> {
  return (await db.selectFrom('blocked_times').select('id').where('ends_at', '>', from).limit(cap).execute()).length;
}

export async function insertBlockedTime(db: Db, values: Insertable<BlockedTimesTable>): Promise<BlockedTimeRow> {
  return db.insertInto('blocked_times').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteBlockedTime(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blocked_times').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
