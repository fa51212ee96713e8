// Repair jobs opened from a booking: repair_jobs.booking_id now refers to bookings, and
// a booking's job is found by it. A booking removed leaves its job, without the link.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Nothing set booking_id before this; a stray id would stop the constraint, so it is cleared.
  await sql`update repair_jobs set booking_id = null where booking_id is not null and booking_id not in (select id from bookings)`.execute(
    db,
  );
  await db.schema
    .alterTable('repair_jobs')
    .addForeignKeyConstraint('repair_jobs_booking_id_fkey', ['booking_id'], 'bookings', ['id'], (c) => c.onDelete('set null'))
    .execute();
  await db.schema.createIndex('repair_jobs_booking').on('repair_jobs').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('repair_jobs_booking').execute();
  await db.schema.alterTable('repair_jobs').dropConstraint('repair_jobs_booking_id_fkey').execute();
}
