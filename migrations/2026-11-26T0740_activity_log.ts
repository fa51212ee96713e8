// The activity log (src/server/activity/): one row per thing a person did, written in the
// transaction of the change. Rows are never updated by the site, except that an account deletion
// replaces the person with "Deleted user" (actor_user_id set to null, the label replaced). A
// sign-in refused by the throttle writes one row per identifier and window: `once_key` is unique,
// so 30 parallel refusals insert one row (ON CONFLICT DO NOTHING).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text')
    .addColumn('item_id', 'integer')
    .addColumn('item_label', 'text')
    .addColumn('version_id', 'integer')
    .addColumn('details', 'text')
    .addColumn('once_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('activity_entries_created_at').on('activity_entries').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('activity_entries_actor').on('activity_entries').column('actor_user_id').execute();
  await db.schema.createIndex('activity_entries_kind').on('activity_entries').column('kind').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_entries').execute();
}
