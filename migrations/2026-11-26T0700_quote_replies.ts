// The shop's answers to a quote request: a price in pence and a message, sent to the
// customer by e-mail and shown in /account/quotes. One row per answer sent, so a second answer
// (a revised price) does not hide the first. They go with their request; the admin who sent one
// may be deleted later, the answer stays.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quote_replies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('quote_request_id', 'integer', (c) => c.notNull().references('quote_requests.id').onDelete('cascade'))
    .addColumn('price_pence', 'integer', (c) => c.notNull().check(sql`price_pence >= 0`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('quote_replies_request').on('quote_replies').columns(['quote_request_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_replies').execute();
}
