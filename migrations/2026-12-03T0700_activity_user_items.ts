// Account deletion renames the entries whose item is the deleted user (a user created, a role
// changed): a partial index on the user items finds them without reading a million entries.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('activity_entries_user_item')
    .on('activity_entries')
    .column('item_id')
    .where(sql.ref('item_type'), '=', 'user')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_entries_user_item').execute();
}
