// SQL for galleries and their images; reads join the image rows so one query presents them.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

const imageVariantColumns = [
  'images.large_key',
  'images.large_width',
  'images.large_height',
  'images.thumb_key',
  'images.thumb_width',
  'images.thumb_height',
] as const;

function selectGalleries(db: Kysely<Database>) {
  return db
    .selectFrom('galleries')
    .leftJoin('images', 'images.id', 'galleries.cover_image_id')
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

export async function insertGallery(db: Kysely<Database>, name: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('galleries').values({ name }).returning('id').executeTakeFirstOrThrow();
    // A gallery's own page is its url until an admin sets another (as the seed does).
    await trx
      .updateTable('galleries')
      .set({ url: `/galleries/${id}` })
      .where('id', '=', id)
      .execute();
    return id;
  });
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

export async function deleteGalleryRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('galleries').where('id', '=', id).execute();
}

function selectGalleryImages(db: Kysely<Database>) {
  return db
    .selectFrom('gallery_images')
    .innerJoin('images', 'images.id', 'gallery_images.image_id')
    .select([
      'gallery_images.id',
      'gallery_images.gallery_id',
      'gallery_images.image_id',
      'gallery_images.alt',
      'gallery_images.link',
      'gallery_images.position',
      ...imageVariantColumns,
    ]);
}

export type GalleryImageRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectGalleryImages>['executeTakeFirst']>>>;

export function listGalleryImages(db: Kysely<Database>, galleryId: number) {
  return selectGalleryImages(db)
    .where('gallery_images.gallery_id', '=', galleryId)
    .orderBy('gallery_images.position')
    .orderBy('gallery_images.id')
    .execute();
}

export function findGalleryImage(db: Kysely<Database>, id: number) {
  return selectGalleryImages(db).where('gallery_images.id', '=', id).executeTakeFirst();
}

export function lockGalleryImage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('gallery_images')
    .select(['id', 'gallery_id', 'image_id', 'position'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function galleryImageIds(db: Kysely<Database>, galleryId: number): Promise<{ id: number; image_id: number }[]> {
  return db.selectFrom('gallery_images').select(['id', 'image_id']).where('gallery_id', '=', galleryId).execute();
}

export async function insertGalleryImage(db: Kysely<Database>, galleryId: number, imageId: number): Promise<number> {
  const { next } = await db
    .selectFrom('gallery_images')
    .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
    .where('gallery_id', '=', galleryId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('gallery_images')
    .values({ gallery_id: galleryId, image_id: imageId, alt: '', link: null, position: Number(next) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets every position in one statement: position = index in `orderedIds`. */
export async function setGalleryImagePositions(db: Kysely<Database>, galleryId: number, orderedIds: number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await db
    .updateTable('gallery_images')
    .set({ position: sql<number>`array_position(${sql.val(orderedIds)}::int[], gallery_images.id) - 1` })
    .where('gallery_id', '=', galleryId)
    .where('id', 'in', orderedIds)
    .execute();
}

export async function updateGalleryImageRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<{ alt: string; link: string | null; image_id: number }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('gallery_images').set(values).where('id', '=', id).execute();
}

export async function deleteGalleryImageRow(db: Kysely<Database>, id: number, galleryId: number, position: number): Promise<void> {
  await db.deleteFrom('gallery_images').where('id', '=', id).execute();
  // Close the gap so positions stay 0..n-1.
  await db
    .updateTable('gallery_images')
    .set({ position: sql<number>`position - 1` })
    .where('gallery_id', '=', galleryId)
    .where('position', '>', position)
    .execute();
}

export async function deleteGalleryImagesOf(db: Kysely<Database>, galleryId: number): Promise<void> {
  await db.deleteFrom('gallery_images').where('gallery_id', '=', galleryId).execute();
}
