// The dashboard's "Needs you" counts and lists the declined estimates to follow up (newest answer
// first) in the same statements however many estimates there are: a partial index of those rows.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('estimates_declined')
    .on('estimates')
    .columns(['updated_at', 'id'])
    .where(sql.ref('status'), '=', 'declined')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('estimates_declined').ifExists().execute();
}
