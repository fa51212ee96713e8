// Indexes for the admin lists: the quote search by trigrams (one expression, so one index serves a
// LIKE '%…%' on any of the five fields), and (created_at, id) keys in the lists' order so each page
// of a keyset walk is an index range. (The pending feedback queue's partial index, in its
// (responded_at, id) order, comes from the open-work migration before this one.)
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // The fields joined by a unit separator (chr(31)), which a search never holds (the service drops
  // it), so a match never spans two fields: the same results as five LIKEs joined by OR.
  await sql`create index quote_requests_search on quote_requests using gin ((lower(reference || chr(31) || name || chr(31) || email || chr(31) || vehicle || chr(31) || coalesce(registration, ''))) gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.createIndex('quote_requests_created_id').on('quote_requests').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('quote_requests_status_created_id').on('quote_requests').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('outgoing_mail_created_id').on('outgoing_mail').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('outgoing_mail_status_created_id').on('outgoing_mail').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('bookings_starts_id').on('bookings').columns(['starts_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'bookings_starts_id',
    'outgoing_mail_status_created_id',
    'outgoing_mail_created_id',
    'quote_requests_status_created_id',
    'quote_requests_created_id',
    'quote_requests_search',
  ])
    await db.schema.dropIndex(name).execute();
}
