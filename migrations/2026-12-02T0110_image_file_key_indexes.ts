// An index on each file key column of images: the public snapshot's build finds the files only
// binned items use by their keys (images.repository findFileKeysOnlyInBin), as the orphan sweep
// and the image clean-up find the keys still in use; without these each was a sequential scan.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

const KEY_COLUMNS = ['original_key', 'large_key', 'thumb_key', 'medium_key'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of KEY_COLUMNS) await db.schema.createIndex(`images_${column}`).on('images').column(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of KEY_COLUMNS) await db.schema.dropIndex(`images_${column}`).execute();
}
