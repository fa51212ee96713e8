// Every SQL statement on bookings. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';
import type { BookingsTable } from '#server/bookings/bookings.table.ts';

type Db = Kysely<Database>;
export type BookingRow = Selectable<BookingsTable>;

/** The name a past booking keeps when its customer's account is deleted. */
export const ANONYMISED_NAME = 'Deleted user';

export async function insertBooking(db: Db, values: Insertable<BookingsTable>): Promise<BookingRow> {
  return db.insertInto('bookings').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findBooking(db: Db, id: number, options: { lock?: boolean } = {}): Promise<BookingRow | undefined> {
  let query = db.selectFrom('bookings').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findBookingByTokenHash(db: Db, hash: string, options: { lock?: boolean } = {}): Promise<BookingRow | undefined> {
  let query = db.selectFrom('bookings').selectAll().where('manage_token_hash', '=', hash);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateBooking(db: Db, id: number, values: Updateable<BookingsTable>): Promise<BookingRow> {
  return db
    .updateTable('bookings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listBookingsOfUser(db: Db, userId: number): Promise<BookingRow[]> {
  return db.selectFrom('bookings').selectAll().where('user_id', '=', userId).orderBy('starts_at', 'desc').execute();
}

/** One page of a customer's bookings, latest start first, after the cursor (keyset on starts_at, id); `limit` rows at most. */
export async function listBookingPageOfUser(db: Db, userId: number, limit: number, cursor: Keyset | undefined) {
  let query = db.selectFrom('bookings').selectAll().select(keysetMicros('starts_at').as('key_micros')).where('user_id', '=', userId);
  if (cursor) query = query.where(afterKeyset('starts_at', 'id', cursor));
  return query.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Bookings still booked that start within [from, to): the admin calendar, the clash check, the reminders. */
export async function listBookingsBetween(db: Db, from: Date, to: Date, options: { bookedOnly?: boolean } = {}): Promise<BookingRow[]> {
  let query = db.selectFrom('bookings').selectAll().where('starts_at', '>=', from).where('starts_at', '<', to);
  if (options.bookedOnly) query = query.where('status', '=', 'booked');
  return query.orderBy('starts_at').orderBy('id').execute();
}

/** The admin list's page: bookings starting in [from, to) after the cursor, by (starts_at, id) (index bookings_starts_id). */
export async function listBookingPage(db: Db, from: Date, to: Date, limit: number, cursor: Keyset | undefined) {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .select(keysetMicros('starts_at').as('key_micros'))
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to);
  if (cursor) query = query.where(afterKeyset('starts_at', 'id', cursor, 'asc'));
  return query.orderBy('starts_at').orderBy('id').limit(limit).execute();
}

/** Booked bookings starting within (from, to] still owing a reminder: the reminder job's candidates. */
export async function findReminderCandidates(db: Db, from: Date, to: Date): Promise<BookingRow[]> {
  return (
    db
      .selectFrom('bookings')
      .selectAll()
      .where('status', '=', 'booked')
      // A booking with nobody to mail (a caller's) has no reminder.
      .where('email', 'is not', null)
      .where('email', '<>', '')
      .where('starts_at', '>', from)
      .where('starts_at', '<=', to)
      .where((eb) => eb.or([eb('reminder_sent_at', 'is', null), eb('morning_reminder_sent_at', 'is', null)]))
      .orderBy('starts_at')
      .execute()
  );
}

/**
 * Marks a reminder sent, only if it was not: true for the one caller that marked it (a job run
 * twice, or two copies, send it once).
 */
export async function claimReminder(
  db: Db,
  id: number,
  which: 'reminder_sent_at' | 'morning_reminder_sent_at',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ [which]: now })
    .where('id', '=', id)
    .where(which, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A deleted account's future bookings: cancelled (their places are released by the caller first). */
export async function findFutureBookedOfUser(db: Db, userId: number, now: Date): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'booked')
    .where('starts_at', '>', now)
    .execute();
}

/** A deleted account's bookings stay for the shop's records with no personal data. */
export async function anonymiseBookingsOfUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('bookings')
    .set({
      user_id: null,
      name: ANONYMISED_NAME,
      email: '',
      telephone: '',
      registration: null,
      location: null,
      change_request: null,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Bookings still booked overlapping [from, to): what a closure or a blocked time clashes with. */
export async function findBookedOverlapping(db: Db, from: Date, to: Date, limit?: number): Promise<BookingRow[]> {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'booked')
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/**
 * New bookings (not yet opened by an admin) and open change requests: the admin menu's badge. Only
 * the rows it counts are read (the partial index bookings_waiting_ends holds just those).
 */
export async function countForBadge(db: Db, now: Date): Promise<{ new: number; change_requests: number }> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('seen_at', 'is', null).then(1).end()).as('new'),
      eb.fn.count<number>(eb.case().when('change_request', 'is not', null).then(1).end()).as('change_requests'),
    ])
    .where('status', '=', 'booked')
    .where((eb) => eb.or([eb('seen_at', 'is', null), eb('change_request', 'is not', null)]))
    .where('ends_at', '>', now)
    .executeTakeFirstOrThrow();
  return { new: Number(row.new), change_requests: Number(row.change_requests) };
}

/**
 * The badge's two counts, each up to `cap`, in one statement: each counts a `limit`ed read of the
 * partial index bookings_waiting_ends, so a long queue costs no more than `cap` rows (Needs you).
 */
export async function countForBadgeCapped(db: Db, now: Date, cap: number): Promise<{ new: number; change_requests: number }> {
  const waiting = (which: 'unseen' | 'change') =>
    db
      .selectFrom(
        db
          .selectFrom('bookings')
          .select('id')
          .where('status', '=', 'booked')
          .where((eb) => eb.or([eb('seen_at', 'is', null), eb('change_request', 'is not', null)]))
          .where(which === 'unseen' ? 'seen_at' : 'change_request', which === 'unseen' ? 'is' : 'is not', null)
          .where('ends_at', '>', now)
          .limit(cap)
          .as('waiting'),
      )
      .select((eb) => eb.fn.countAll<string | number>().as('n'));
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom(waiting('unseen').as('u')).select('u.n').as('new'),
      eb.selectFrom(waiting('change').as('c')).select('c.n').as('change_requests'),
    ])
    .executeTakeFirstOrThrow();
  return { new: Number(row.new), change_requests: Number(row.change_requests) };
}

/**
 * The bookings the badge counts, newest first, `limit` of them: not yet opened by an admin
 * ('unseen'), or with an open change request ('change'); booked and not yet over.
 */
export async function listWaitingForShop(db: Db, now: Date, which: 'unseen' | 'change', limit: number): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'booked')
    .where(which === 'unseen' ? 'seen_at' : 'change_request', which === 'unseen' ? 'is' : 'is not', null)
    .where('ends_at', '>', now)
    .orderBy(which === 'unseen' ? 'created_at' : 'change_requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A guest's bookings under an address join the account once that address is verified; another account's stay theirs. */
export async function claimGuestBookings(db: Db, userId: number, verifiedEmail: string): Promise<number> {
  const result = await db
    .updateTable('bookings')
    .set({ user_id: userId, updated_at: new Date() })
    .where('user_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', verifiedEmail.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A quote request's bookings, the newest start first, at most `limit`, each with its type's name (one statement). */
export async function listBookingsOfQuoteRequest(db: Db, quoteRequestId: number, limit: number) {
  return db
    .selectFrom('bookings')
    .leftJoin('booking_types', 'booking_types.id', 'bookings.booking_type_id')
    .select(['bookings.id', 'bookings.reference', 'bookings.starts_at', 'bookings.status', 'booking_types.name as type_name'])
    .where('bookings.quote_request_id', '=', quoteRequestId)
    .orderBy('bookings.starts_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(limit)
    .execute();
}
