// Repair jobs: a car in the workshop from a quote request, a booking or a walk-in, its
// stages (the shop's own list), the history of the stages it reached, the promised-ready date's
// changes with the reason the customer reads, private staff notes, progress photos (private files,
// each shown to the customer only when the shop says so) and the customer's messages.
// booking_id has no foreign key yet: bookings are built in another branch.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

const DEFAULT_STAGES = [
  'Booked in',
  'Assessed',
  'Awaiting parts',
  'Bodywork',
  'Paint',
  'Reassembly and checks',
  'Valet',
  'Ready for collection',
  'Collected',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('repair_stages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // The one stage that means the car has gone home (the tracker's expiry and the review request start there).
    .addColumn('is_collected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('repair_stages')
    .values(DEFAULT_STAGES.map((name, position) => ({ name, position, is_collected: name === 'Collected' })))
    .execute();

  await db.schema
    .createTable('repair_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('quote_request_id', 'integer', (c) => c.references('quote_requests.id').onDelete('set null'))
    .addColumn('booking_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('customer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(255)', (c) => c.notNull())
    .addColumn('customer_telephone', 'varchar(40)')
    .addColumn('vehicle', 'varchar(120)', (c) => c.notNull())
    .addColumn('registration', 'varchar(20)')
    .addColumn('agreed_work', 'text', (c) => c.notNull())
    .addColumn('promised_ready_on', 'date', (c) => c.notNull())
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('repair_stages.id'))
    .addColumn('tracker_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('tracker_salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('tracker_revoked_at', 'timestamptz')
    .addColumn('collected_at', 'timestamptz')
    // The stage the customer was last told about by e-mail (the held stage-change mail compares).
    .addColumn('notified_stage_id', 'integer', (c) => c.references('repair_stages.id').onDelete('set null'))
    .addColumn('anonymised_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_jobs_stage').on('repair_jobs').column('stage_id').execute();
  await db.schema.createIndex('repair_jobs_user').on('repair_jobs').column('user_id').execute();
  await db.schema
    .createIndex('repair_jobs_email')
    .on('repair_jobs')
    .expression(sql`lower(customer_email)`)
    .execute();
  await db.schema.createIndex('repair_jobs_quote_request').on('repair_jobs').column('quote_request_id').execute();

  await db.schema
    .createTable('repair_job_stage_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.references('repair_stages.id').onDelete('set null'))
    // The stage's name when it was reached: a stage renamed or removed later keeps the history true.
    .addColumn('stage_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_job_stage_history_job').on('repair_job_stage_history').column('repair_job_id').execute();

  await db.schema
    .createTable('repair_job_date_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('old_date', 'date', (c) => c.notNull())
    .addColumn('new_date', 'date', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_job_date_changes_job').on('repair_job_date_changes').column('repair_job_id').execute();

  await db.schema
    .createTable('repair_job_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_job_notes_job').on('repair_job_notes').column('repair_job_id').execute();

  await db.schema
    .createTable('repair_job_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('large_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('large_width', 'integer', (c) => c.notNull())
    .addColumn('large_height', 'integer', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('shared', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_job_photos_job').on('repair_job_photos').column('repair_job_id').execute();
  await db.schema.createIndex('repair_job_photos_large_key').on('repair_job_photos').column('large_key').execute();
  await db.schema.createIndex('repair_job_photos_thumb_key').on('repair_job_photos').column('thumb_key').execute();

  await db.schema
    .createTable('repair_job_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_job_messages_job').on('repair_job_messages').column('repair_job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('repair_job_messages').execute();
  await db.schema.dropTable('repair_job_photos').execute();
  await db.schema.dropTable('repair_job_notes').execute();
  await db.schema.dropTable('repair_job_date_changes').execute();
  await db.schema.dropTable('repair_job_stage_history').execute();
  await db.schema.dropTable('repair_jobs').execute();
  await db.schema.dropTable('repair_stages').execute();
}
