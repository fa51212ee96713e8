// Quote requests from /quote and their private damage photos (docs/decisions/private-quote-photos.md).
// A request outlives its customer's account (user_id set null, personal fields blanked by the
// service); its photos go with it. Photo files are private WebP variants named by the rows here.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quote_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(40)')
    .addColumn('vehicle', 'varchar(120)', (c) => c.notNull())
    .addColumn('registration', 'varchar(20)')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('preferred_contact', 'varchar(10)', (c) => c.notNull().check(sql`preferred_contact in ('email', 'phone')`))
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'contacted', 'quoted', 'booked', 'closed')`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('photos_deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('quote_requests_user_id').on('quote_requests').column('user_id').execute();
  await db.schema.createIndex('quote_requests_status_created').on('quote_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('quote_requests_created').on('quote_requests').column('created_at').execute();

  await db.schema
    .createTable('quote_request_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('quote_request_id', 'integer', (c) => c.notNull().references('quote_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('large_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('large_width', 'integer', (c) => c.notNull())
    .addColumn('large_height', 'integer', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('quote_request_photos_request').on('quote_request_photos').column('quote_request_id').execute();
  await db.schema.createIndex('quote_request_photos_large_key').on('quote_request_photos').column('large_key').execute();
  await db.schema.createIndex('quote_request_photos_thumb_key').on('quote_request_photos').column('thumb_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_request_photos').execute();
  await db.schema.dropTable('quote_requests').execute();
}
