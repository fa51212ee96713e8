// SQL for testimonials.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { afterMergedKeyset, keysetMicros, type MergedPage } from '#server/db/keyset.ts';

const columns = ['id', 'name', 'score', 'review', 'created_at'] as const;

/** Not in the bin: every normal read sees only these (docs/decisions/bin-as-soft-delete.md). */
const live = (db: Kysely<Database>) => db.selectFrom('testimonials').where('deleted_at', 'is', null);

export function findTestimonial(db: Kysely<Database>, id: number) {
  return live(db).select(columns).where('id', '=', id).executeTakeFirst();
}

/** Locks the row: saves of one testimonial (and their versions) take turns. */
export function lockTestimonial(db: Kysely<Database>, id: number) {
  return db.selectFrom('testimonials').select('id').where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export type TestimonialRecord = NonNullable<Awaited<ReturnType<typeof findTestimonial>>>;

/** Newest first; the id breaks ties so pages never overlap. */
export function listTestimonials(db: Kysely<Database>, limit: number, offset: number) {
  return live(db).select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countTestimonials(db: Kysely<Database>): Promise<number> {
  const row = await live(db)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertTestimonial(
  db: Kysely<Database>,
  values: { name: string; score: number; review: string; created_at?: Date; updated_at?: Date },
): Promise<number> {
  return (await db.insertInto('testimonials').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTestimonialRow(
  db: Kysely<Database>,
  id: number,
  values: { name: string; score: number; review: string },
): Promise<boolean> {
  const result = await db
    .updateTable('testimonials')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves a live testimonial to the bin; its name, or undefined when there is none to move. */
export function binTestimonial(db: Kysely<Database>, id: number, deletedBy: number | null) {
  const now = new Date();
  return db
    .updateTable('testimonials')
    .set({ deleted_at: now, deleted_by: deletedBy, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Takes a binned testimonial out of the bin; its name, or undefined when it is not in the bin. */
export function unbinTestimonial(db: Kysely<Database>, id: number) {
  return db
    .updateTable('testimonials')
    .set({ deleted_at: null, deleted_by: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** The bin's testimonials, most recently binned first. */
export function listBinnedTestimonials(db: Kysely<Database>, page: MergedPage) {
  return db
    .selectFrom('testimonials')
    .select(['id', 'name', 'deleted_at', 'deleted_by', keysetMicros('deleted_at').as('key_micros')])
    .where('deleted_at', 'is not', null)
    .where(afterMergedKeyset('deleted_at', 'id', 'testimonial', page.cursor))
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

/** Whether the testimonial is in the bin. */
export async function isTestimonialBinned(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('testimonials').select('id').where('id', '=', id).where('deleted_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** Deletes a binned testimonial for good (never a live one); its name when it was there. */
export function deleteBinnedTestimonial(db: Kysely<Database>, id: number) {
  return db
    .deleteFrom('testimonials')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Binned testimonials binned before `before` (the emptying job). */
export async function listTestimonialIdsBinnedBefore(db: Kysely<Database>, before: Date): Promise<number[]> {
  const rows = await db.selectFrom('testimonials').select('id').where('deleted_at', '<', before).execute();
  return rows.map((r) => r.id);
}

/** When any testimonial last changed (the home page shows them). */
export async function latestTestimonialChange(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('testimonials')
    .select((eb) => eb.fn.max('updated_at').as('changed_at'))
    .executeTakeFirst();
  return row?.changed_at ? new Date(row.changed_at) : null;
}
