// One message thread per customer matter, and the tracker's one-way messages copied into it.
// A matter is keyed by its quote when it has one (the quote, its bookings and its repair job share
// the thread), else by its booking, else by its repair job: matter_key is 'quote:<id>',
// 'booking:<id>' or 'job:<id>', unique, so two places asking for the same matter find one thread.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_threads')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('matter_key', 'text', (c) => c.notNull().unique())
    .addColumn('quote_request_id', 'integer', (c) => c.references('quote_requests.id').onDelete('cascade'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('repair_job_id', 'integer', (c) => c.references('repair_jobs.id').onDelete('cascade'))
    // True from a customer message until the shop replies or marks the thread done.
    .addColumn('awaiting_shop', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('done_at', 'timestamptz')
    .addColumn('customer_read_at', 'timestamptz')
    .addColumn('shop_read_at', 'timestamptz')
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The shop's "awaiting" list reads newest-waiting first from this partial index.
  await sql`create index message_threads_awaiting on message_threads (last_message_at desc, id desc) where awaiting_shop`.execute(db);

  await db.schema
    .createTable('thread_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('message_threads.id').onDelete('cascade'))
    .addColumn('author_side', 'text', (c) => c.notNull().check(sql`author_side in ('customer', 'shop')`))
    .addColumn('staff_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('thread_messages_thread').on('thread_messages').columns(['thread_id', 'id']).execute();

  // The copy: every job with tracker messages gets its matter's thread, awaiting the shop (nobody
  // could answer them before), and each message becomes a customer message in it.
  const matterKey = sql`case when coalesce(j.quote_request_id, b.quote_request_id) is not null
      then 'quote:' || coalesce(j.quote_request_id, b.quote_request_id)
      when j.booking_id is not null then 'booking:' || j.booking_id
      else 'job:' || j.id end`;
  await sql`
    insert into message_threads (matter_key, quote_request_id, booking_id, repair_job_id, awaiting_shop, last_message_at)
    select ${matterKey}, max(coalesce(j.quote_request_id, b.quote_request_id)), max(j.booking_id), max(j.id), true, max(m.created_at)
    from repair_job_messages m
    join repair_jobs j on j.id = m.repair_job_id
    left join bookings b on b.id = j.booking_id
    group by 1`.execute(db);
  await sql`
    insert into thread_messages (thread_id, author_side, body, created_at)
    select t.id, 'customer', m.body, m.created_at
    from repair_job_messages m
    join repair_jobs j on j.id = m.repair_job_id
    left join bookings b on b.id = j.booking_id
    join message_threads t on t.matter_key = ${matterKey}
    order by m.created_at, m.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thread_messages').execute();
  await db.schema.dropTable('message_threads').execute();
}
