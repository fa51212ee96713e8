// Pruning finds an item's versions older than the keeping days along (item_kind, item_id,
// created_at, id), so a batch reads only what it deletes and the newest kept ones; the index on
// created_at alone served the old whole-table ranking, which nothing does any more. History pages
// walk the unique (item_kind, item_id, number) index.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('content_versions_item_created')
    .on('content_versions')
    .columns(['item_kind', 'item_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('content_versions_created').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('content_versions_created').on('content_versions').column('created_at').execute();
  await db.schema.dropIndex('content_versions_item_created').execute();
}
