/** Every SQL statement on the `app_state` table: small facts about this database (when it was seeded). */
import type { Kysely } from 'kysely';
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
