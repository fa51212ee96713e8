// SQL for testimonials.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

const columns = ['id', 'name', 'score', 'review', 'created_at'] as const;

export function findTestimonial(db: Kysely<Database>, id: number) {
  return db.selectFrom('testimonials').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Locks the row: saves of one testimonial (and their versions) take turns. */
export function lockTestimonial(db: Kysely<Database>, id: number) {
  return db.selectFrom('testimonials').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export type TestimonialRecord = NonNullable<Awaited<ReturnType<typeof findTestimonial>>>;

/** Newest first; the id breaks ties so pages never overlap. */
export function listTestimonials(db: Kysely<Database>, limit: number, offset: number) {
  return db
    .selectFrom('testimonials')
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTestimonials(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('testimonials')
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
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTestimonialRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** When any testimonial last changed (the home page shows them). */
export async function latestTestimonialChange(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('testimonials')
    .select((eb) => eb.fn.max('updated_at').as('changed_at'))
    .executeTakeFirst();
  return row?.changed_at ? new Date(row.changed_at) : null;
}
