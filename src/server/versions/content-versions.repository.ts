// SQL for content_versions: the kept versions and the one draft of each item an admin edits.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

const columns = [
  'content_versions.id',
  'content_versions.item_kind',
  'content_versions.item_id',
  'content_versions.number',
  'content_versions.status',
  'content_versions.data',
  'content_versions.author_id',
  'content_versions.restored_from',
  'content_versions.created_at',
  'content_versions.updated_at',
] as const;

function selectVersions(db: Db) {
  return db
    .selectFrom('content_versions')
    .leftJoin('users', 'users.id', 'content_versions.author_id')
    .select([...columns, 'users.firstname as author_firstname', 'users.lastname as author_lastname']);
}

export type ContentVersionRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirst']>>>;

export function findVersion(db: Db, id: number) {
  return selectVersions(db).where('content_versions.id', '=', id).executeTakeFirst();
}

/** An item's published versions, newest first. */
export function listPublishedVersions(db: Db, kind: ContentKind, itemId: number) {
  return selectVersions(db)
    .where('content_versions.item_kind', '=', kind)
    .where('content_versions.item_id', '=', itemId)
    .where('content_versions.status', '=', 'published')
    .orderBy('content_versions.number', 'desc')
    .execute();
}

export async function countPublishedVersions(db: Db, kind: ContentKind, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('content_versions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** Published versions past keeping: older than `keepDays` and not among the newest `keepCount` of their item. */
export async function listVersionsPastKeeping(db: Db, keepDays: number, keepCount: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom('content_versions')
        .select(['id', 'created_at', sql<number>`row_number() over (partition by item_kind, item_id order by number desc)`.as('newest')])
        .where('status', '=', 'published')
        .as('ranked'),
    )
    .select('ranked.id')
    .where('ranked.newest', '>', keepCount)
    .where('ranked.created_at', '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .orderBy('ranked.id')
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
