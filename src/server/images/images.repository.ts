/**
 * Every SQL statement on the `images` table. A row is shared by reference from widgets.image_id,
 * galleries.cover_image_id, gallery_images.image_id and content_version_images.image_id; its files are content-addressed, so two
 * rows can name the same file.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ImageRow } from '#server/images/images.table.ts';
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
  'medium_key',
  'medium_width',
  'medium_height',
] as const satisfies readonly (keyof ImageRow)[];

/** An image row's display columns, for reads that join `images`. */
export const imageVariantColumns = [
  'images.large_key',
  'images.large_width',
  'images.large_height',
  'images.thumb_key',
  'images.thumb_width',
  'images.thumb_height',
  'images.medium_key',
  'images.medium_width',
  'images.medium_height',
] as const;

const fileKeyColumns = ['original_key', 'large_key', 'thumb_key', 'medium_key'] as const;

function fileKeysOf(row: Pick<ImageRow, (typeof fileKeyColumns)[number]>): string[] {
  return [row.original_key, row.large_key, row.thumb_key, row.medium_key].filter((key): key is string => key !== null);
}

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
            .unionAll(eb.selectFrom('gallery_images').select('gallery_images.id').whereRef('gallery_images.image_id', '=', 'images.id'))
            // A kept version keeps its pictures, so a restore or a comparison can show them.
            .unionAll(
              eb
                .selectFrom('content_version_images')
                .select('content_version_images.version_id as id')
                .whereRef('content_version_images.image_id', '=', 'images.id'),
            ),
        ),
      ),
    )
    .returning(fileKeyColumns)
    .execute();
  return deleted.flatMap(fileKeysOf);
}

/** The display columns of these images (those that still exist). */
export function findImageVariants(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('images')
    .select(['images.id', ...imageVariantColumns])
    .where('images.id', 'in', ids)
    .execute();
}

/** Which of these file keys a remaining row still names. */
export async function findKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('images')
    .select(fileKeyColumns)
    .where((eb) => eb.or(fileKeyColumns.map((column) => eb(column, 'in', keys))))
    .execute();
  return new Set(rows.flatMap(fileKeysOf));
}

/** Images stored before the medium variant existed, in id order after `afterId`. */
export function listImagesWithoutMedium(db: Db, afterId: number, limit: number): Promise<Pick<ImageRow, 'id' | 'large_key'>[]> {
  return db
    .selectFrom('images')
    .select(['id', 'large_key'])
    .where('medium_key', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a medium variant unless another copy of the site recorded it first; true when this call did. */
export async function setMediumVariant(
  db: Db,
  id: number,
  medium: Pick<ImageRow, 'medium_key' | 'medium_width' | 'medium_height'>,
): Promise<boolean> {
  const result = await db.updateTable('images').set(medium).where('id', '=', id).where('medium_key', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The files that items in the bin use (a widget's image, a gallery's cover, a gallery's images)
 * and no live item does; a file no item names at all is not "in the bin". Files are shared by
 * content, so one a live item also uses is not among them. Read when the public snapshot is built
 * (the bin is small: both statements start from it and use the key and reference indexes).
 */
export async function findFileKeysOnlyInBin(db: Db): Promise<Set<string>> {
  const binnedRows = await db
    .selectFrom('images')
    .select(fileKeyColumns)
    .where((eb) =>
      eb(
        'images.id',
        'in',
        eb
          .selectFrom('widgets')
          .select('widgets.image_id as id')
          .where('widgets.deleted_at', 'is not', null)
          .union(eb.selectFrom('galleries').select('galleries.cover_image_id as id').where('galleries.deleted_at', 'is not', null))
          .union(
            eb
              .selectFrom('gallery_images')
              .innerJoin('galleries', 'galleries.id', 'gallery_images.gallery_id')
              .select('gallery_images.image_id as id')
              .where('galleries.deleted_at', 'is not', null),
          ),
      ),
    )
    .execute();
  const binned = new Set(binnedRows.flatMap(fileKeysOf));
  if (binned.size === 0) return binned;
  const keys = [...binned];
  const liveRows = await db
    .selectFrom('images')
    .select(fileKeyColumns)
    .where((eb) =>
      eb.and([
        eb.or(fileKeyColumns.map((column) => eb(column, 'in', keys))),
        eb.or([
          eb.exists(
            eb
              .selectFrom('widgets')
              .select('widgets.id')
              .whereRef('widgets.image_id', '=', 'images.id')
              .where('widgets.deleted_at', 'is', null),
          ),
          eb.exists(
            eb
              .selectFrom('galleries')
              .select('galleries.id')
              .whereRef('galleries.cover_image_id', '=', 'images.id')
              .where('galleries.deleted_at', 'is', null),
          ),
          eb.exists(
            eb
              .selectFrom('gallery_images')
              .innerJoin('galleries', 'galleries.id', 'gallery_images.gallery_id')
              .select('gallery_images.id')
              .whereRef('gallery_images.image_id', '=', 'images.id')
              .where('galleries.deleted_at', 'is', null),
          ),
        ]),
      ]),
    )
    .execute();
  for (const key of liveRows.flatMap(fileKeysOf)) binned.delete(key);
  return binned;
}
