// SQL for activity_entries. Insert-only: there is no update of an entry's content and no delete of
// one entry (docs/decisions/activity-log.md); the only changes are the retention prune and an
// account deletion replacing the person with "Deleted user".
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { likePattern } from '#server/db/like-pattern.ts';
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

/**
 * Where a page starts: after this entry, newest first. The time is PostgreSQL's own text of
 * `created_at` (microseconds): a JS Date keeps milliseconds only, and a cursor rounded to them
 * would skip or repeat entries written in the same millisecond.
 */
export interface ActivityKeyset {
  createdAt: string;
  id: number;
}

/** `created_at` in UTC to the microsecond, as the keyset compares it (ActivityKeyset). */
const exactCreatedAt = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first, `limit` entries after `after` (keyset on the (created_at, id) indexes: each page
 * costs the same however deep); the id breaks ties so pages never overlap. `offset` only for the
 * old numbered pages of the REST door.
 */
export function listActivityEntries(
  db: Kysely<Database>,
  filter: ActivityFilter,
  limit: number,
  options: { after?: ActivityKeyset | undefined; offset?: number | undefined } = {},
) {
  let query = filtered(db, filter).select(columns).select(exactCreatedAt.as('created_at_exact'));
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql<Date>`cast(${after.createdAt} as timestamptz)`, after.id)),
    );
  }
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (options.offset) query = query.offset(options.offset);
  return query.execute();
}

export type ActivityEntryRecord = Awaited<ReturnType<typeof listActivityEntries>>[number];

/**
 * The CSV's batches: as listActivityEntries, but the time comes only as its exact UTC text. Parsing
 * a timestamp into a Date for each of a million rows was a third of the export's time; the CSV
 * needs the text (its ISO column, the minute its shop-zone column is formatted from, the keyset).
 */
export function listActivityEntriesForCsv(db: Kysely<Database>, filter: ActivityFilter, limit: number, after: ActivityKeyset | undefined) {
  let query = filtered(db, filter)
    .select(columns.filter((column) => column !== 'created_at'))
    .select(exactCreatedAt.as('created_at_exact'));
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql<Date>`cast(${after.createdAt} as timestamptz)`, after.id)),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export type ActivityCsvRecord = Awaited<ReturnType<typeof listActivityEntriesForCsv>>[number];

/**
 * How many entries match, counting no further than `cap` (+1 to tell "more than cap"): a count
 * of a lifetime of entries on every page would read the whole table each time.
 */
export async function countActivityEntriesUpTo(db: Kysely<Database>, filter: ActivityFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      filtered(db, filter)
        .select(sql`1`.as('one'))
        .limit(cap + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The people with entries who still have an account (the screen's "Person" filter), at most
 * `limit`, those whose name or e-mail contains `search` (any case) when given.
 */
export function listActivityPeople(db: Kysely<Database>, options: { search?: string | undefined; limit: number }) {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.firstname', 'users.lastname', 'users.email'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('activity_entries')
          .select(sql`1`.as('one'))
          .whereRef('activity_entries.actor_user_id', '=', 'users.id'),
      ),
    );
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(users.firstname || ' ' || users.lastname)`, 'like', pattern),
        eb(sql<string>`lower(users.email)`, 'like', pattern),
      ]),
    );
  }
  return query.orderBy('users.firstname').orderBy('users.lastname').orderBy('users.id').limit(options.limit).execute();
}

/** One person of the filter, the one chosen (shown even when not among the first found). */
export function findActivityPerson(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['id', 'firstname', 'lastname', 'email']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Removes at most `batch` entries older than `before` (the retention job), the oldest first by the
 * (created_at, id) index, so one statement's work does not grow with the table; returns how many.
 */
export async function deleteActivityEntriesBefore(db: Kysely<Database>, before: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('activity_entries')
    .where('id', 'in', (eb) =>
      eb.selectFrom('activity_entries').select('id').where('created_at', '<', before).orderBy('created_at').orderBy('id').limit(batch),
    )
    .executeTakeFirst();
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
