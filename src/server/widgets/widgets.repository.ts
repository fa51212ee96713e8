// SQL for widgets; each read joins the widget's image row so one query presents it.
import { sql, type Kysely } from 'kysely';
import type { Database, WidgetType } from '#server/db/types.ts';
import { imageVariantColumns } from '#server/images/images.repository.ts';

function selectWidgets(db: Kysely<Database>) {
  return db
    .selectFrom('widgets')
    .leftJoin('images', 'images.id', 'widgets.image_id')
    .select(['widgets.id', 'widgets.name', 'widgets.type', 'widgets.html', 'widgets.alt', 'widgets.image_id', ...imageVariantColumns]);
}

export type WidgetRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectWidgets>['executeTakeFirst']>>>;

export function findWidgetById(db: Kysely<Database>, id: number) {
  return selectWidgets(db).where('widgets.id', '=', id).executeTakeFirst();
}

export function findWidgetByName(db: Kysely<Database>, name: string) {
  return selectWidgets(db).where('widgets.name', '=', name).executeTakeFirst();
}

export function listWidgets(db: Kysely<Database>) {
  return selectWidgets(db).orderBy('widgets.name').execute();
}

/** Another widget with this name (any case), so names stay unambiguous for the pages. */
export async function isWidgetNameTaken(db: Kysely<Database>, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('widgets')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
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
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listWidgetNames(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('widgets').select('name').execute()).map((row) => row.name);
}

export async function lockWidget(db: Kysely<Database>, id: number) {
  return db.selectFrom('widgets').select(['id', 'image_id']).where('id', '=', id).forUpdate().executeTakeFirst();
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

/** Whether the named widget was saved after it was created (the first-run checklist: starter text replaced). */
export async function isWidgetEditedSinceCreated(db: Kysely<Database>, name: string): Promise<boolean> {
  const row = await db.selectFrom('widgets').select(['created_at', 'updated_at']).where('name', '=', name).executeTakeFirst();
  return row !== undefined && new Date(row.updated_at).getTime() > new Date(row.created_at).getTime();
}
