/**
 * Every SQL statement on the `galleries` table; reads join the cover's image row so one query
 * presents a gallery. The images of a gallery are in gallery-images.repository.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { afterMergedKeyset, keysetMicros, type MergedPage } from '#server/db/keyset.ts';
import { imageVariantColumns } from '#server/images/images.repository.ts';

/** The public list shows a gallery without a cover with its first image instead of a blank tile. */
const coverOrFirstImage = sql<number>`coalesce(galleries.cover_image_id, (
  select gi.image_id from gallery_images gi where gi.gallery_id = galleries.id order by gi.position, gi.id limit 1
))`;

function selectGalleries(db: Kysely<Database>, options: { coverFallback?: boolean } = {}) {
  return (
    db
      .selectFrom('galleries')
      .leftJoin('images', (join) =>
        options.coverFallback
          ? join.on((eb) => eb('images.id', '=', coverOrFirstImage))
          : join.onRef('images.id', '=', 'galleries.cover_image_id'),
      )
      .select(['galleries.id', 'galleries.name', 'galleries.url', 'galleries.hidden', 'galleries.cover_image_id', ...imageVariantColumns])
      // A gallery in the bin is gone for every normal read (docs/decisions/bin-as-soft-delete.md).
      .where('galleries.deleted_at', 'is', null)
  );
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
  let query = db
    .selectFrom('galleries')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('deleted_at', 'is', null);
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
  return db
    .selectFrom('galleries')
    .select(['id', 'name', 'cover_image_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
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

/** Moves a live gallery to the bin, its images and files untouched; its name, or undefined. */
export function binGallery(db: Kysely<Database>, id: number, deletedBy: number | null) {
  const now = new Date();
  return db
    .updateTable('galleries')
    .set({ deleted_at: now, deleted_by: deletedBy, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Takes a binned gallery out of the bin, with its images; its name, or undefined. */
export function unbinGallery(db: Kysely<Database>, id: number) {
  return db
    .updateTable('galleries')
    .set({ deleted_at: null, deleted_by: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** The bin's galleries, most recently binned first, with how many images each holds. */
export function listBinnedGalleries(db: Kysely<Database>, page: MergedPage) {
  return db
    .selectFrom('galleries')
    .select([
      'galleries.id',
      'galleries.name',
      'galleries.deleted_at',
      'galleries.deleted_by',
      keysetMicros('galleries.deleted_at').as('key_micros'),
      (eb) =>
        eb
          .selectFrom('gallery_images')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('gallery_images.gallery_id', '=', 'galleries.id')
          .as('image_count'),
    ])
    .where('galleries.deleted_at', 'is not', null)
    .where(afterMergedKeyset('galleries.deleted_at', 'galleries.id', 'gallery', page.cursor))
    .orderBy('galleries.deleted_at', 'desc')
    .orderBy('galleries.id', 'desc')
    .limit(page.limit)
    .execute();
}

/** Locks a binned gallery (deleting it for good); undefined when it is not in the bin. */
export function lockBinnedGallery(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('galleries')
    .select(['id', 'name', 'cover_image_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a binned gallery for good; its gallery_images rows go with it (the foreign key cascades). */
export async function deleteBinnedGalleryRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('galleries').where('id', '=', id).where('deleted_at', 'is not', null).execute();
}

/** Galleries binned before `before` (the emptying job). */
export async function listGalleryIdsBinnedBefore(db: Kysely<Database>, before: Date): Promise<number[]> {
  const rows = await db.selectFrom('galleries').select('id').where('deleted_at', '<', before).execute();
  return rows.map((r) => r.id);
}

/** When each gallery last changed: its own row, or the newest image added to it. */
export async function listGalleryChanges(db: Kysely<Database>): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('galleries')
    .leftJoin('gallery_images', 'gallery_images.gallery_id', 'galleries.id')
    .select(['galleries.id', 'galleries.updated_at', (eb) => eb.fn.max('gallery_images.created_at').as('image_added_at')])
    .where('galleries.deleted_at', 'is', null)
    .groupBy(['galleries.id', 'galleries.updated_at'])
    .execute();
  return new Map(
    rows.map((row) => {
      const times = [new Date(row.updated_at), ...(row.image_added_at ? [new Date(row.image_added_at)] : [])];
      return [row.id, new Date(Math.max(...times.map((t) => t.getTime())))];
    }),
  );
}
