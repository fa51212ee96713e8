// The review request after collection: the shop's review link (a new field of the shop
// record: where customers write a review, e.g. its Google review URL) and one request per repair
// job: its single-use link (an HMAC of the job and a salt, only the hash stored), when the mail and
// its one reminder went, and the private feedback (a score, words, consent to publish) with its
// moderation. An approved one becomes a testimonial.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop')
    .addColumn('review_link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('repair_review_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().unique().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('token_salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('responded_at', 'timestamptz')
    .addColumn('score', 'integer', (c) => c.check(sql`score between 1 and 5`))
    .addColumn('feedback', 'text')
    .addColumn('display_name', 'varchar(100)')
    .addColumn('consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('moderation', 'varchar(10)', (c) => c.check(sql`moderation in ('pending', 'approved', 'rejected')`))
    .addColumn('testimonial_id', 'integer', (c) => c.references('testimonials.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('repair_review_requests_moderation').on('repair_review_requests').column('moderation').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('repair_review_requests').execute();
  await db.schema.alterTable('shop').dropColumn('review_link').execute();
}
