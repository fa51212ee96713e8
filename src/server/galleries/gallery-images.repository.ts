/**
 * Every SQL statement on the `gallery_images` table; reads join the image row so one query
 * presents an image. Positions run 0..n-1 within a gallery.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { imageVariantColumns } from '#server/images/images.repository.ts';

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

/** An image of a gallery in the bin is gone with it. */
const inLiveGallery = (db: Kysely<Database>) => db.selectFrom('galleries').select('galleries.id').where('galleries.deleted_at', 'is', null);

export function findGalleryImage(db: Kysely<Database>, id: number) {
  return selectGalleryImages(db)
    .where('gallery_images.id', '=', id)
    .where('gallery_images.gallery_id', 'in', inLiveGallery(db))
    .executeTakeFirst();
}

export function lockGalleryImage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('gallery_images')
    .select(['id', 'gallery_id', 'image_id', 'position'])
    .where('id', '=', id)
    .where('gallery_id', 'in', inLiveGallery(db))
    .forUpdate()
    .executeTakeFirst();
}

export async function galleryImageIds(db: Kysely<Database>, galleryId: number): Promise<{ id: number; image_id: number }[]> {
  return db.selectFrom('gallery_images').select(['id', 'image_id']).where('gallery_id', '=', galleryId).execute();
}

/** Adds an image at the end of the gallery (the caller holds the gallery's lock). */
export async function insertGalleryImage(
  db: Kysely<Database>,
  galleryId: number,
  imageId: number,
  details: { alt: string; link: string | null } = { alt: '', link: null },
): Promise<number> {
  const { next } = await db
    .selectFrom('gallery_images')
    .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
    .where('gallery_id', '=', galleryId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('gallery_images')
    .values({ gallery_id: galleryId, image_id: imageId, ...details, position: Number(next) })
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

/** Whether any gallery has an image (the first-run checklist: photos added). */
export async function hasAnyGalleryImage(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('gallery_images').select('id').limit(1).executeTakeFirst()) !== undefined;
}
