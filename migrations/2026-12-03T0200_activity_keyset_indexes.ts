// The activity log's screen and CSV read newest first by (created_at, id) after a cursor, filtered
// by person or kind: an index that leads with the filter and goes on with the order answers each
// page from the index alone, however many entries there are. They replace the single-column
// indexes of the person and the kind (the new ones lead with the same column, so account deletion's
// lookup by person still has its index).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('activity_entries_actor_created_at')
    .on('activity_entries')
    .columns(['actor_user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('activity_entries_kind_created_at').on('activity_entries').columns(['kind', 'created_at', 'id']).execute();
  await db.schema.dropIndex('activity_entries_actor').execute();
  await db.schema.dropIndex('activity_entries_kind').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activity_entries_actor').on('activity_entries').column('actor_user_id').execute();
  await db.schema.createIndex('activity_entries_kind').on('activity_entries').column('kind').execute();
  await db.schema.dropIndex('activity_entries_actor_created_at').execute();
  await db.schema.dropIndex('activity_entries_kind_created_at').execute();
}
