/** Every SQL statement on the `cv_downloads` table: who downloaded whose CV, and when. */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

export async function recordCvDownload(db: Kysely<Database>, userId: number, downloadedBy: number | null): Promise<void> {
  await db.insertInto('cv_downloads').values({ user_id: userId, downloaded_by: downloadedBy }).execute();
}

/** True when `downloadedBy` already downloaded `userId`'s CV at or after `since` (a link issued then is spent). */
export async function hasCvDownloadSince(db: Kysely<Database>, userId: number, downloadedBy: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('cv_downloads')
    .select('id')
    .where('user_id', '=', userId)
    .where('downloaded_by', '=', downloadedBy)
    .where('downloaded_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the user's CV was downloaded, oldest first (for the user's own data export). */
export function findCvDownloadsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('cv_downloads')
    .select(['downloaded_at'])
    .where('user_id', '=', userId)
    .orderBy('downloaded_at')
    .orderBy('id')
    .execute();
}
