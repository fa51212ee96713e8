// Every e-mail the site sends, queued in the transaction of the change that causes it and sent by
// the send-mail job (src/server/jobs, docs/decisions/durable-jobs-pg-boss.md). The row says what
// to send (kind and params: the message is rendered when it is sent, so links are fresh and no
// reset token is stored), to whom, and how it went: the admin area's Outgoing mail screen reads it.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outgoing_mail')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('first_failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outgoing_mail_status_created').on('outgoing_mail').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('outgoing_mail_created').on('outgoing_mail').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outgoing_mail').execute();
}
