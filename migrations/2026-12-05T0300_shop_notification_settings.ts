// Which events e-mail the shop and to which addresses: one row, id 1. Both lists are JSON text (as
// the shop's own list columns): the events turned off (so an event added later starts on) and the
// addresses (empty: the shop's e-mail from its details).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_notification_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('muted_events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('shop_notification_settings').values({ id: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_notification_settings').execute();
}
