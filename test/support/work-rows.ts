/**
 * Rows of the shop's work (quote requests, bookings, repair jobs) written straight to the database,
 * for tests that need one to exist rather than to test how it is made. Each gets a unique reference
 * and plausible fields; a test passes what it asserts on.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

let sequence = 0;
const uniqueCode = () => `${(++sequence).toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 6);

type Row<T extends keyof Database> = Partial<Insertable<Database[T]>>;

export async function insertQuoteRequest(db: Kysely<Database>, fields: Row<'quote_requests'> = {}) {
  return db
    .insertInto('quote_requests')
    .values({
      reference: `Q-2026-${uniqueCode()}`,
      name: 'Jo Customer',
      email: 'jo@example.com',
      telephone: '07700 900123',
      vehicle: 'Ford Focus 2018',
      registration: 'AB18 CDE',
      description: 'Dent in the rear passenger door and scratched bumper.',
      preferred_contact: 'email',
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A booking of the given type; starts at `starts_at` (default tomorrow 09:00 UTC) for 30 minutes. */
export async function insertBooking(db: Kysely<Database>, fields: Row<'bookings'> & { booking_type_id: number }) {
  const startsAt = fields.starts_at ? new Date(fields.starts_at) : new Date(Date.UTC(2026, 11, 1, 9));
  return db
    .insertInto('bookings')
    .values({
      reference: `B-2026-${uniqueCode()}`,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      name: 'Tamsin Rowe',
      email: 'tamsin@example.com',
      telephone: '07700 900111',
      vehicle: 'Vauxhall Corsa 2019',
      registration: 'TR19 OWE',
      status: 'booked',
      cancelled_at: fields.status === 'cancelled' ? new Date() : null,
      manage_salt: randomBytes(16).toString('hex'),
      manage_token_hash: randomBytes(32).toString('hex'),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertRepairJob(db: Kysely<Database>, fields: Row<'repair_jobs'> & { stage_id: number }) {
  return db
    .insertInto('repair_jobs')
    .values({
      reference: `R-2026-${uniqueCode()}`,
      customer_name: 'Sam Walker',
      customer_email: 'sam@example.com',
      vehicle: 'VW Golf 2020',
      agreed_work: 'Respray the wing.',
      promised_ready_on: '2026-12-24',
      tracker_salt: randomBytes(16).toString('hex'),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
