/** Every SQL statement on the `cv_downloads` table: who downloaded whose CV, and when. */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

export async function recordCvDownload(db: Kysely<Database>, userId: number, downloadedBy: number | null): Promise<void> {
  await db.insertInto('cv_downloads').values({ user_id: userId, downloaded_by: downloadedBy }).execute();
}
