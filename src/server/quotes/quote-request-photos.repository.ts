// Every SQL statement on quote_request_photos (the private photos of quote requests).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { QuoteRequestPhotosTable } from '#server/quotes/quote-request-photos.table.ts';

type Db = Kysely<Database>;
export type QuotePhotoRow = Selectable<QuoteRequestPhotosTable>;
export type NewQuotePhotoRow = Insertable<QuoteRequestPhotosTable>;

export async function insertQuotePhotos(db: Db, values: NewQuotePhotoRow[]): Promise<void> {
  if (values.length === 0) return;
  await db.insertInto('quote_request_photos').values(values).execute();
}

export async function listQuotePhotos(db: Db, quoteRequestId: number): Promise<QuotePhotoRow[]> {
  return db
    .selectFrom('quote_request_photos')
    .selectAll()
    .where('quote_request_id', '=', quoteRequestId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findQuotePhoto(db: Db, id: number): Promise<QuotePhotoRow | undefined> {
  return db.selectFrom('quote_request_photos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a request's photo rows and returns their file keys (to delete after the commit). */
export async function deleteQuotePhotos(db: Db, quoteRequestId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('quote_request_photos')
    .where('quote_request_id', '=', quoteRequestId)
    .returning(['large_key', 'thumb_key'])
    .execute();
  return rows.flatMap((r) => [r.large_key, r.thumb_key]);
}

/** The given keys that a photo row still names (the orphan sweep keeps those). */
export async function findQuotePhotoKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('quote_request_photos')
    .select(['large_key', 'thumb_key'])
    .where((eb) => eb.or([eb('large_key', 'in', keys), eb('thumb_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((r) => [r.large_key, r.thumb_key]));
}
