/**
 * Every SQL statement on the `galleries` table; reads join the cover's image row so one query
 * presents a gallery. The images of a gallery are in gallery-images.repository.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { imageVariantColumns } from '#server/images/images.repository.ts';

/** The public list shows a gallery without a cover with its first image instead of a blank tile. */
const coverOrFirstImage = sql<number>`coalesce(galleries.cover_image_id, (
  select gi.image_id from gallery_images gi where gi.gallery_id = galleries.id order by gi.position, gi.id limit 1
))`;

function selectGalleries(db: Kysely<Database>, options: { coverFallback?: boolean } = {}) {
  return db
    .selectFrom('galleries')
    .leftJoin('images', (join) =>
      options.coverFallback
        ? join.on((eb) => eb('images.id', '=', coverOrFirstImage))
        : join.onRef('images.id', '=', 'galleries.cover_image_id'),
    )
    .select(['galleries.id', 'galleries.name', 'galleries.url', 'galleries.hidden', 'galleries.cover_image_id', ...imageVariantColumns]);
}

export type GalleryRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectGalleries>['executeTakeFirst']>>>;

export function findGallery(db: Kysely<Database>, id: number) {
  return selectGalleries(db).where('galleries.id', '=', id).executeTakeFirst();
}

export interface GalleryFilter {
  /** undefined: all galleries. */
  hidden?: boolean | undefined;
  limit?: number | undefined;
  offset?: number;
}

/** Visible galleries that have at least one image: an empty gallery is not shown to the public. */
export function listPublicGalleries(db: Kysely<Database>) {
  return selectGalleries(db, { coverFallback: true })
    .where('galleries.hidden', '=', false)
    .where((eb) =>
      eb.exists(eb.selectFrom('gallery_images').select('gallery_images.id').whereRef('gallery_images.gallery_id', '=', 'galleries.id')),
    )
    .orderBy('galleries.id', 'asc')
    .execute();
}

/** The admin's list: every gallery, hidden and empty ones included, or those with `hidden`. */
export function listGalleries(db: Kysely<Database>, filter: GalleryFilter) {
  let query = selectGalleries(db).orderBy('galleries.id', 'asc');
  if (filter.hidden !== undefined) query = query.where('galleries.hidden', '=', filter.hidden);
  if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
  return query.execute();
}

export async function countGalleries(db: Kysely<Database>, hidden: boolean | undefined): Promise<number> {
  let query = db.selectFrom('galleries').select((eb) => eb.fn.countAll<string | number>().as('count'));
  if (hidden !== undefined) query = query.where('hidden', '=', hidden);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function insertGallery(
  db: Kysely<Database>,
  values: { name: string } & Partial<{ url: string; hidden: boolean; cover_image_id: number | null }>,
): Promise<number> {
  const { id } = await db.insertInto('galleries').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Locks the gallery row: image uploads and reorders of one gallery take turns. */
export function lockGallery(db: Kysely<Database>, id: number) {
  return db.selectFrom('galleries').select(['id', 'cover_image_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateGalleryRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<{ name: string; url: string; hidden: boolean; cover_image_id: number | null }>,
): Promise<void> {
  await db
    .updateTable('galleries')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Its gallery_images rows go with it (the foreign key cascades). */
export async function deleteGalleryRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('galleries').where('id', '=', id).execute();
}

/** When each gallery last changed: its own row, or the newest image added to it. */
export async function listGalleryChanges(db: Kysely<Database>): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('galleries')
    .leftJoin('gallery_images', 'gallery_images.gallery_id', 'galleries.id')
    .select(['galleries.id', 'galleries.updated_at', (eb) => eb.fn.max('gallery_images.created_at').as('image_added_at')])
    .groupBy(['galleries.id', 'galleries.updated_at'])
    .execute();
  return new Map(
    rows.map((row) => {
      const times = [new Date(row.updated_at), ...(row.image_added_at ? [new Date(row.image_added_at)] : [])];
      return [row.id, new Date(Math.max(...times.map((t) => t.getTime())))];
    }),
  );
}
