// Scheduled content changes: a draft to publish, or a published item to put back to its
// previous version, at a time the admin chose. The work is a held pg-boss job (`job_id`); this row is
// what the admin sees and what makes the run happen once: a run claims it by moving `state` from
// pending, so a second try or a second copy finds nothing to do.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('outcome', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('job_id', 'text')
    .addCheckConstraint('scheduled_changes_kind', sql`item_kind in ('widget', 'testimonial', 'shop')`)
    .addCheckConstraint('scheduled_changes_action', sql`action in ('publish-draft', 'revert')`)
    .addCheckConstraint('scheduled_changes_state', sql`state in ('pending', 'done', 'failed', 'cancelled')`)
    .execute();
  // One pending change per item, action and time: a double click schedules it once.
  await sql`create unique index scheduled_changes_one_pending on scheduled_changes (item_kind, item_id, action, run_at) where state = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('scheduled_changes_run_at').on('scheduled_changes').column('run_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_changes').execute();
}
