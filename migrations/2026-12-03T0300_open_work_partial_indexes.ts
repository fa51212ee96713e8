// Partial indexes on the work still waiting, for the dashboard, the admin menu's badges and the
// repair board: each reads only open or new rows, so an index of those rows stays the size of
// the work waiting while the tables grow with ten years of history (without them each count
// scanned its whole table).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The board (oldest first) and the dashboard's open jobs by stage.
  await db.schema
    .createIndex('repair_jobs_open_created')
    .on('repair_jobs')
    .columns(['created_at', 'id'])
    .where(sql.ref('collected_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('repair_jobs_open_stage')
    .on('repair_jobs')
    .column('stage_id')
    .where(sql.ref('collected_at'), 'is', null)
    .execute();
  // The bookings badge: booked, not yet opened or with a change request open, not over.
  await db.schema
    .createIndex('bookings_waiting_ends')
    .on('bookings')
    .column('ends_at')
    .where(sql<boolean>`status = 'booked' and (seen_at is null or change_request is not null)`)
    .execute();
  // The quotes badge and the dashboard's newest new requests.
  await db.schema
    .createIndex('quote_requests_new_created')
    .on('quote_requests')
    .columns(['created_at', 'id'])
    .where(sql.ref('status'), '=', 'new')
    .execute();
  // Mail not sent: the dashboard's counts and since when mail has been failing.
  await db.schema
    .createIndex('outgoing_mail_unsent')
    .on('outgoing_mail')
    .columns(['status', 'created_at'])
    .where(sql<boolean>`status in ('queued', 'failed')`)
    .execute();
  // Feedback waiting for approval, oldest answer first.
  await db.schema
    .createIndex('repair_review_requests_pending')
    .on('repair_review_requests')
    .columns(['responded_at', 'id'])
    .where(sql.ref('moderation'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'repair_jobs_open_created',
    'repair_jobs_open_stage',
    'bookings_waiting_ends',
    'quote_requests_new_created',
    'outgoing_mail_unsent',
    'repair_review_requests_pending',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
