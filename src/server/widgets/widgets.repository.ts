// SQL for widgets; each read joins the widget's image row so one query presents it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { afterMergedKeyset, keysetMicros, type MergedPage } from '#server/db/keyset.ts';
import type { WidgetType } from '#shared/value-sets.ts';
import { LIST_CAPS } from '#shared/limits.ts';
import { imageVariantColumns } from '#server/images/images.repository.ts';

function selectWidgets(db: Kysely<Database>) {
  return (
    db
      .selectFrom('widgets')
      .leftJoin('images', 'images.id', 'widgets.image_id')
      .select(['widgets.id', 'widgets.name', 'widgets.type', 'widgets.html', 'widgets.alt', 'widgets.image_id', ...imageVariantColumns])
      // A widget in the bin is gone for every normal read (docs/decisions/bin-as-soft-delete.md).
      .where('widgets.deleted_at', 'is', null)
  );
}

export type WidgetRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectWidgets>['executeTakeFirst']>>>;

export function findWidgetById(db: Kysely<Database>, id: number) {
  return selectWidgets(db).where('widgets.id', '=', id).executeTakeFirst();
}

export function findWidgetByName(db: Kysely<Database>, name: string) {
  return selectWidgets(db).where('widgets.name', '=', name).executeTakeFirst();
}

export function listWidgets(db: Kysely<Database>) {
  return selectWidgets(db).orderBy('widgets.name').limit(LIST_CAPS.widgets).execute();
}

/** Widgets not in the bin, counted up to `cap` (the create rule needs only whether the cap is reached). */
export async function countWidgetsUpTo(db: Kysely<Database>, cap: number): Promise<number> {
  const rows = await db.selectFrom('widgets').select('id').where('deleted_at', 'is', null).limit(cap).execute();
  return rows.length;
}

/** Another widget with this name (any case), so names stay unambiguous for the pages. */
export async function isWidgetNameTaken(db: Kysely<Database>, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('widgets')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type NewWidget = { name: string; type: WidgetType } & Partial<{ html: string; alt: string; image_id: number | null }>;

export async function insertWidget(db: Kysely<Database>, values: NewWidget): Promise<number> {
  const row = await db.insertInto('widgets').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the widget unless one has its name; true when it was inserted. */
export async function insertWidgetIfAbsent(db: Kysely<Database>, values: NewWidget): Promise<boolean> {
  const result = await db
    .insertInto('widgets')
    .values(values)
    .onConflict((oc) => oc.column('name').where('deleted_at', 'is', null).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listWidgetNames(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('widgets').select('name').where('deleted_at', 'is', null).execute()).map((row) => row.name);
}

export async function lockWidget(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('widgets')
    .select(['id', 'name', 'image_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves a live widget to the bin, its image untouched; its name, or undefined. */
export function binWidget(db: Kysely<Database>, id: number, deletedBy: number | null) {
  const now = new Date();
  return db
    .updateTable('widgets')
    .set({ deleted_at: now, deleted_by: deletedBy, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Locks a binned widget (restore, delete for good); undefined when it is not in the bin. */
export function lockBinnedWidget(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('widgets')
    .select(['id', 'name', 'image_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function unbinWidget(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('widgets').set({ deleted_at: null, deleted_by: null, updated_at: new Date() }).where('id', '=', id).execute();
}

/** The bin's widgets, most recently binned first. */
export function listBinnedWidgets(db: Kysely<Database>, page: MergedPage) {
  return db
    .selectFrom('widgets')
    .select(['id', 'name', 'deleted_at', 'deleted_by', keysetMicros('deleted_at').as('key_micros')])
    .where('deleted_at', 'is not', null)
    .where(afterMergedKeyset('deleted_at', 'id', 'widget', page.cursor))
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

export async function deleteBinnedWidgetRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('widgets').where('id', '=', id).where('deleted_at', 'is not', null).execute();
}

/** Widgets binned before `before` (the emptying job). */
export async function listWidgetIdsBinnedBefore(db: Kysely<Database>, before: Date): Promise<number[]> {
  const rows = await db.selectFrom('widgets').select('id').where('deleted_at', '<', before).execute();
  return rows.map((r) => r.id);
}

export async function updateWidgetRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<{ name: string; type: WidgetType; html: string; alt: string; image_id: number | null }>,
): Promise<void> {
  await db
    .updateTable('widgets')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** When any widget last changed (the sitemap's lastmod of the pages they fill). */
export async function latestWidgetChange(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('widgets')
    .select((eb) => eb.fn.max('updated_at').as('changed_at'))
    .executeTakeFirst();
  return row?.changed_at ? new Date(row.changed_at) : null;
}

/** How many widgets there are, the bin's aside (the dashboard's Site panel). */
export async function countWidgets(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('widgets')
    .where('deleted_at', 'is', null)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the named widget was saved after it was created (the first-run checklist: starter text replaced). */
export async function isWidgetEditedSinceCreated(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db.selectFrom('widgets').select(['created_at', 'updated_at']).where('name', '=', name).executeTakeFirst();
  return row !== undefined && new Date(row.updated_at).getTime() > new Date(row.created_at).getTime();
}
