// SQL for activity_entries. Insert-only: there is no update of an entry's content and no delete of
// one entry (docs/decisions/activity-log.md); the only changes are the retention prune and an
// account deletion replacing the person with "Deleted user".
import { sql, type Kysely, type RawBuilder } from 'kysely';
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

/** What the CSV's lines say besides the row's own values (activity-csv.ts builds it from the screen's words). */
export interface ActivityCsvWords {
  timeZone: string;
  /** A kind's label, and its Kind cell (the label as a CSV field). */
  kinds: ReadonlyArray<{ kind: string; label: string; cell: string }>;
  /** An item type's noun in the description. */
  items: ReadonlyArray<{ itemType: string; noun: string }>;
  /** Kinds whose link is fixed: the Link cell ('' for none). */
  kindLinks: ReadonlyArray<{ kind: string; cell: string }>;
  /** Otherwise by item type: `before` + the item's id (when `withId`) + `after`; none without an id when `needsId`. */
  itemLinks: ReadonlyArray<{ itemType: string; before: string; after: string; withId: boolean; needsId: boolean }>;
  /** The formula guard (activity-csv.ts): any trigger, a trigger first, one inside and its replacement. */
  guard: { any: string; start: string; inside: string; replacement: string };
  /** Any character that makes a cell quoted or guarded: a line without one is its values joined. */
  special: string;
}

export interface ActivityCsvBatch {
  /** The batch's CSV lines, each ending in a line feed ('' for none). */
  text: string;
  count: number;
  /** Where the next batch starts (the batch's last entry), null when it was empty. */
  last: ActivityKeyset | null;
}

const NEEDS_QUOTES = '[,"\r\n]';

/** A CSV field: quoted, its quotes doubled, when it holds a comma, a quote or a line break (csv-stringify's rule). */
const field = (value: RawBuilder<string>) =>
  sql<string>`case when ${value} ~ ${NEEDS_QUOTES} then '"' || replace(${value}, '"', '""') || '"' else ${value} end`;

/** A cell a person typed, defused; the guard only adds apostrophes, so whether to quote is the raw text's. */
function guardedField(value: RawBuilder<string>, guard: ActivityCsvWords['guard']) {
  const guarded = sql<string>`case when ${value} ~ ${guard.any} then (case when ${value} ~ ${guard.start} then '''' || ${value}
    else regexp_replace(${value}, ${guard.inside}, ${guard.replacement}, 'g') end) else ${value} end`;
  return sql<string>`case when ${value} ~ ${NEEDS_QUOTES} then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end`;
}

const values = <T>(rows: readonly T[], row: (item: T) => RawBuilder<unknown>) => sql.join(rows.map(row));
const cases = <T>(rows: readonly T[], row: (item: T) => RawBuilder<unknown>) => sql.join(rows.map(row), sql` `);

/**
 * The CSV's next `limit` lines, newest first after `after`, written by the database: the shop-zone
 * time (to_char, as formatDateTime writes it), the description, the link, the formula guard and the
 * quoting, so the server only passes the text on (per-row work in JS was most of the export's time
 * and held the event loop). The rows come by the keyset index as the screen's pages do; the words
 * are joined to those rows only, behind OFFSET 0 so each row's text is worked out once. The CSV
 * test pins the bytes to the writer this replaced (test/support/activity-csv-reference.ts), on both engines.
 */
export async function listActivityCsvBatch(
  db: Kysely<Database>,
  filter: ActivityFilter,
  words: ActivityCsvWords,
  limit: number,
  after: ActivityKeyset | undefined,
): Promise<ActivityCsvBatch> {
  let rows = filtered(db, filter).select(columns);
  if (after) {
    rows = rows.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql<Date>`cast(${after.createdAt} as timestamptz)`, after.id)),
    );
  }
  rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  const kinds = values(words.kinds, (k) => sql`(${k.kind}::text, ${k.label}::text, ${k.cell}::text)`);
  const items = values(words.items, (i) => sql`(${i.itemType}::text, ${i.noun}::text)`);
  const kindLinks = cases(words.kindLinks, (k) => sql`when r.kind = ${k.kind} then ${k.cell}::text`);
  const itemLinks = cases(words.itemLinks, (l) => {
    const id = l.withId ? sql`r.item_id::text` : sql`''`;
    return sql`when r.item_type = ${l.itemType}${l.needsId ? sql` and r.item_id is not null` : sql``} then ${l.before}::text || ${id} || ${l.after}::text`;
  });
  const label = sql<string>`coalesce(k.label, r.kind)`;
  const line = (cell: (name: string, guarded: boolean) => RawBuilder<string>) =>
    sql<string>`b.when_text || ',' || b.iso || ',' || ${cell('actor_label', true)} || ',' || coalesce(b.actor_user_id::text, '') || ','
    || ${cell('ip', false)} || ',' || b.kind_cell || ',' || ${cell('what', true)} || ',' || ${cell('item_type', false)} || ','
    || coalesce(b.item_id::text, '') || ',' || coalesce(b.version_id::text, '') || ',' || ${cell('details', true)} || ',' || b.link || chr(10)`;
  // Most lines have no character to quote or guard: one test of their text, then the values joined.
  const plain = line((name) => sql.ref(`b.${name}`));
  const full = line((name, guarded) => (guarded ? guardedField(sql.ref(`b.${name}`), words.guard) : field(sql.ref(`b.${name}`))));
  const { rows: answer } = await sql<{ text: string | null; count: number; last_at: string | null; last_id: number | null }>`
    select string_agg(case when b.actor_label || b.ip || b.what || b.item_type || b.details ~ ${words.special} then ${full} else ${plain} end,
             '' order by b.created_at desc, b.id desc) as text, count(*)::int as count,
           to_char(min(b.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_at,
           (array_agg(b.id order by b.created_at, b.id))[1] as last_id
    from (
      select r.id, r.created_at, r.actor_user_id, r.item_id, r.version_id,
             '"' || to_char(r.created_at at time zone ${words.timeZone}, 'FMDD FMMonth YYYY, HH24:MI') || '"' as when_text,
             to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso, r.actor_label,
             coalesce(r.ip_address, '') as ip, coalesce(k.cell, '') as kind_cell,
             case when coalesce(r.item_type, '') = '' then ${label}
                  else ${label} || ': ' || coalesce(n.noun, r.item_type)
                       || case when coalesce(r.item_label, '') = '' then '' else ' “' || r.item_label || '”' end end as what,
             coalesce(r.item_type, '') as item_type, coalesce(r.details, '') as details,
             case ${kindLinks} ${itemLinks} else '' end as link
      from (${rows}) r
      left join (values ${kinds}) k(kind, label, cell) on k.kind = r.kind
      left join (values ${items}) n(item_type, noun) on n.item_type = r.item_type
      offset 0
    ) b`.execute(db);
  const batch = answer[0]!;
  const last = batch.last_at === null || batch.last_id === null ? null : { createdAt: batch.last_at, id: batch.last_id };
  return { text: batch.text ?? '', count: batch.count, last };
}

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
