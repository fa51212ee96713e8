// SQL for content_versions: the kept versions and the one draft of each item an admin edits.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

/** Every column but `data`: what a list of versions shows. */
const summaryColumns = [
  'content_versions.id',
  'content_versions.item_kind',
  'content_versions.item_id',
  'content_versions.number',
  'content_versions.status',
  'content_versions.author_id',
  'content_versions.restored_from',
  'content_versions.created_at',
  'content_versions.updated_at',
] as const;

function selectSummaries(db: Db) {
  return db
    .selectFrom('content_versions')
    .leftJoin('users', 'users.id', 'content_versions.author_id')
    .select([...summaryColumns, 'users.firstname as author_firstname', 'users.lastname as author_lastname']);
}

function selectVersions(db: Db) {
  return selectSummaries(db).select('content_versions.data');
}

export type ContentVersionSummaryRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectSummaries>['executeTakeFirst']>>>;
export type ContentVersionRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirst']>>>;

/** An item's published versions (a draft has no number), by the (item_kind, item_id, number) unique index. */
function publishedOf(db: Db, kind: ContentKind, itemId: number) {
  return selectVersions(db)
    .where('content_versions.item_kind', '=', kind)
    .where('content_versions.item_id', '=', itemId)
    .where('content_versions.number', 'is not', null);
}

export function findVersion(db: Db, id: number) {
  return selectVersions(db).where('content_versions.id', '=', id).executeTakeFirst();
}

/** An item's newest `limit` published versions, newest first. */
export function listPublishedVersions(db: Db, kind: ContentKind, itemId: number, limit: number) {
  return publishedOf(db, kind, itemId).orderBy('content_versions.number', 'desc').limit(limit).execute();
}

export function findPublishedVersion(db: Db, kind: ContentKind, itemId: number, number: number) {
  return publishedOf(db, kind, itemId).where('content_versions.number', '=', number).executeTakeFirst();
}

/**
 * A page of an item's published versions without their data, newest first: `limit` of them
 * numbered below `beforeNumber` (keyset on the unique index, so a page costs the same at any depth).
 */
export function listPublishedVersionSummaries(
  db: Db,
  kind: ContentKind,
  itemId: number,
  page: { beforeNumber?: number | undefined; limit: number },
) {
  let query = selectSummaries(db)
    .where('content_versions.item_kind', '=', kind)
    .where('content_versions.item_id', '=', itemId)
    .where('content_versions.number', 'is not', null);
  if (page.beforeNumber !== undefined) query = query.where('content_versions.number', '<', page.beforeNumber);
  return query.orderBy('content_versions.number', 'desc').limit(page.limit).execute();
}

/** Whether the item has a published version yet (one index probe, not a count of its history). */
export async function hasPublishedVersions(db: Db, kind: ContentKind, itemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('content_versions')
    .select('id')
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('number', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the next published version of an item (its number one past the highest). */
export async function insertPublishedVersion(
  db: Db,
  values: { kind: ContentKind; itemId: number; data: string; authorId: number | null; restoredFrom?: number | null },
): Promise<{ id: number; number: number }> {
  const row = await db
    .insertInto('content_versions')
    .values((eb) => ({
      item_kind: values.kind,
      item_id: values.itemId,
      number: eb
        .selectFrom('content_versions')
        .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
        .where('item_kind', '=', values.kind)
        .where('item_id', '=', values.itemId),
      status: 'published' as const,
      data: values.data,
      author_id: values.authorId,
      restored_from: values.restoredFrom ?? null,
    }))
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  return { id: row.id, number: row.number! };
}

export interface ItemKey {
  item_kind: ContentKind;
  item_id: number;
}

/**
 * The next `limit` items that have versions, after `after` in (item_kind, item_id) order: each step
 * a jump along the unique index to the next item, never a read of an item's versions.
 */
export async function listItemsWithVersions(db: Db, after: ItemKey | undefined, limit: number): Promise<ItemKey[]> {
  const from = after ? sql`where (item_kind, item_id) > (${after.item_kind}, ${after.item_id})` : sql``;
  const result = await sql<ItemKey>`
    with recursive items as (
      (select item_kind, item_id from content_versions ${from} order by item_kind, item_id limit 1)
      union all
      select next.item_kind, next.item_id from items cross join lateral (
        select c.item_kind, c.item_id from content_versions c
        where (c.item_kind, c.item_id) > (items.item_kind, items.item_id)
        order by c.item_kind, c.item_id limit 1
      ) next
    )
    select item_kind, item_id from items limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * The number of the item's `keepCount`-th newest published version: it and the newer ones are
 * kept whatever their age. Undefined when the item has fewer (all kept).
 */
export async function findKeepFromNumber(db: Db, item: ItemKey, keepCount: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .select('number')
    .where('item_kind', '=', item.item_kind)
    .where('item_id', '=', item.item_id)
    .where('number', 'is not', null)
    .orderBy('number', 'desc')
    .offset(keepCount - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.number ?? undefined;
}

/**
 * Up to `limit` of the item's published versions past keeping: numbered below `keepFrom` and
 * older than `keepDays`, oldest first, read along content_versions_item_created (the ones it
 * passes over are the kept newest, so a batch costs the same however big the table is).
 */
export async function listItemVersionsPastKeeping(
  db: Db,
  item: ItemKey,
  keepFrom: number,
  keepDays: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('content_versions')
    .select('id')
    .where('item_kind', '=', item.item_kind)
    .where('item_id', '=', item.item_id)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .where('number', '<', keepFrom)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Every version and draft of one item (deleting it for good takes its history with it). */
export async function listVersionIdsOf(db: Db, kind: ContentKind, itemId: number): Promise<number[]> {
  const rows = await db.selectFrom('content_versions').select('id').where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
  return rows.map((row) => row.id);
}

export async function deleteVersions(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('content_versions').where('id', 'in', ids).execute();
}

/** The item's one draft, if it has one. */
export function findDraft(db: Db, kind: ContentKind, itemId: number) {
  return selectVersions(db)
    .where('content_versions.item_kind', '=', kind)
    .where('content_versions.item_id', '=', itemId)
    .where('content_versions.status', '=', 'draft')
    .executeTakeFirst();
}

/** Every draft of these kinds (an admin's preview overlays them). */
export function listDrafts(db: Db, kinds: readonly ContentKind[]) {
  return db
    .selectFrom('content_versions')
    .select(['item_kind', 'item_id', 'data'])
    .where('status', '=', 'draft')
    .where('item_kind', 'in', [...kinds])
    .execute();
}

/** Writes the item's draft: updates the one there is in place, or inserts it. The caller has locked the item. */
export async function saveDraftRow(
  db: Db,
  values: { kind: ContentKind; itemId: number; data: string; authorId: number | null },
): Promise<number> {
  const updated = await db
    .updateTable('content_versions')
    .set({ data: values.data, author_id: values.authorId, updated_at: new Date() })
    .where('item_kind', '=', values.kind)
    .where('item_id', '=', values.itemId)
    .where('status', '=', 'draft')
    .returning('id')
    .executeTakeFirst();
  if (updated) return updated.id;
  const inserted = await db
    .insertInto('content_versions')
    .values({
      item_kind: values.kind,
      item_id: values.itemId,
      number: null,
      status: 'draft',
      data: values.data,
      author_id: values.authorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteDraft(db: Db, kind: ContentKind, itemId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('content_versions')
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
