/**
 * Every SQL statement on the `images` table. A row is shared by reference from widgets.image_id,
 * galleries.cover_image_id and gallery_images.image_id; its files are content-addressed, so two
 * rows can name the same file.
 */
import type { Kysely } from 'kysely';
import type { Database, ImageRow } from '#server/db/types.ts';
import type { ProcessedImage } from './image-processing.ts';

type Db = Kysely<Database>;

export type StoredImage = Pick<ImageRow, 'id' | keyof ProcessedImage>;

const imageColumns = [
  'id',
  'original_key',
  'large_key',
  'large_width',
  'large_height',
  'thumb_key',
  'thumb_width',
  'thumb_height',
] as const satisfies readonly (keyof ImageRow)[];

/** An image row's display columns, for reads that join `images`. */
export const imageVariantColumns = [
  'images.large_key',
  'images.large_width',
  'images.large_height',
  'images.thumb_key',
  'images.thumb_width',
  'images.thumb_height',
] as const;

export function insertImage(db: Db, values: ProcessedImage): Promise<StoredImage> {
  return db.insertInto('images').values(values).returning(imageColumns).executeTakeFirstOrThrow();
}

export async function getOriginalKey(db: Db, imageId: number): Promise<string> {
  const row = await db.selectFrom('images').select('original_key').where('id', '=', imageId).executeTakeFirstOrThrow();
  return row.original_key;
}

/** Deletes those of the given rows that nothing points at any more; returns their file keys. */
export async function deleteUnreferencedImages(db: Db, ids: number[]): Promise<string[]> {
  const deleted = await db
    .deleteFrom('images')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('widgets')
            .select('widgets.id')
            .whereRef('widgets.image_id', '=', 'images.id')
            .unionAll(eb.selectFrom('galleries').select('galleries.id').whereRef('galleries.cover_image_id', '=', 'images.id'))
            .unionAll(eb.selectFrom('gallery_images').select('gallery_images.id').whereRef('gallery_images.image_id', '=', 'images.id')),
        ),
      ),
    )
    .returning(['original_key', 'large_key', 'thumb_key'])
    .execute();
  return deleted.flatMap((row) => [row.original_key, row.large_key, row.thumb_key]);
}

/** Which of these file keys a remaining row still names. */
export async function findKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('images')
    .select(['original_key', 'large_key', 'thumb_key'])
    .where((eb) => eb.or([eb('original_key', 'in', keys), eb('large_key', 'in', keys), eb('thumb_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.original_key, row.large_key, row.thumb_key]));
}
