// SQL for content_version_images: the pictures each kept version names (they stay while it does).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

export async function insertVersionImages(db: Db, versionId: number, imageIds: number[]): Promise<void> {
  const unique = [...new Set(imageIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('content_version_images')
    .values(unique.map((imageId) => ({ version_id: versionId, image_id: imageId })))
    // An image deleted meanwhile (a race with its release) is simply not kept.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The pictures these versions name (before they are deleted, so they can be released after). */
export async function listImagesOfVersions(db: Db, versionIds: number[]): Promise<number[]> {
  if (versionIds.length === 0) return [];
  const rows = await db.selectFrom('content_version_images').select('image_id').where('version_id', 'in', versionIds).execute();
  return [...new Set(rows.map((row) => row.image_id))];
}
