/** Every SQL statement on the `app_state` table: small facts about this database (when it was seeded). */
import { sql, type Kysely } from 'kysely';
import type { Database } from './types.ts';

export async function findAppState(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_state').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Records the fact unless it is already there (the first writer wins). */
export async function setAppStateIfAbsent(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Adds one to a counter kept as text (1 when absent) in one statement; returns the new value. */
export async function incrementAppStateCounter(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db
    .insertInto('app_state')
    .values({ key, value: '1' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`(app_state.value::bigint + 1)::text` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Records the fact, replacing what was there (the last writer wins). */
export async function setAppState(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
