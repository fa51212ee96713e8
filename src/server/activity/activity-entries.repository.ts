// SQL for activity_entries. Insert-only: there is no update of an entry's content and no delete of
// one entry (docs/decisions/activity-log.md); the only changes are the retention prune and an
// account deletion replacing the person with "Deleted user".
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ActivityEntriesTable } from '#server/activity/activity-entries.table.ts';
import type { Insertable } from 'kysely';
import type { ActivityKind } from '#shared/value-sets.ts';

export type NewActivityEntry = Insertable<ActivityEntriesTable>;

export const DELETED_USER_LABEL = 'Deleted user';

/** Writes one entry; one with a `once_key` already written is skipped (true when written). */
export async function insertActivityEntry(db: Kysely<Database>, values: NewActivityEntry): Promise<boolean> {
  const result = await db
    .insertInto('activity_entries')
    .values(values)
    .onConflict((oc) => oc.column('once_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export interface ActivityFilter {
  userId?: number | undefined;
  kind?: ActivityKind | undefined;
  /** Inclusive. */
  since?: Date | undefined;
  /** Exclusive. */
  before?: Date | undefined;
}

function filtered(db: Kysely<Database>, filter: ActivityFilter) {
  let query = db.selectFrom('activity_entries');
  if (filter.userId !== undefined) query = query.where('actor_user_id', '=', filter.userId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('created_at', '<', filter.before);
  return query;
}

const columns = [
  'id',
  'created_at',
  'actor_user_id',
  'actor_label',
  'ip_address',
  'kind',
  'item_type',
  'item_id',
  'item_label',
  'version_id',
  'details',
] as const;

/** Newest first; the id breaks ties so pages never overlap. */
export function listActivityEntries(db: Kysely<Database>, filter: ActivityFilter, limit: number, offset: number) {
  return filtered(db, filter).select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export type ActivityEntryRecord = Awaited<ReturnType<typeof listActivityEntries>>[number];

export async function countActivityEntries(db: Kysely<Database>, filter: ActivityFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The people with entries who still have an account (the screen's "Person" filter). */
export function listActivityPeople(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.firstname', 'users.lastname', 'users.email'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('activity_entries')
          .select(sql`1`.as('one'))
          .whereRef('activity_entries.actor_user_id', '=', 'users.id'),
      ),
    )
    .orderBy('users.firstname')
    .orderBy('users.lastname')
    .orderBy('users.id')
    .execute();
}

/** Removes entries older than `before` (the retention job); returns how many. */
export async function deleteActivityEntriesBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('activity_entries').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Account deletion: the entries stay, the person becomes "Deleted user" both where they acted and
 * where they were the item (a user created, a role changed).
 */
export async function forgetActivityPerson(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('activity_entries')
    .set({ actor_user_id: null, actor_label: DELETED_USER_LABEL })
    .where('actor_user_id', '=', userId)
    .execute();
  await db
    .updateTable('activity_entries')
    .set({ item_label: DELETED_USER_LABEL })
    .where('item_type', '=', 'user')
    .where('item_id', '=', userId)
    .execute();
}

export function findActorName(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['firstname', 'lastname', 'email']).where('id', '=', userId).executeTakeFirst();
}
