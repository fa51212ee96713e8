// Every SQL statement on booking_time_buckets: the minutes of a place bookings hold. The primary
// key (type, minute, place) is the capacity rule
// (docs/decisions/booking-capacity-by-time-buckets.md).
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

/**
 * Inserts every minute of [startsAt, endsAt) at `place` for `bookingId`, each ON CONFLICT DO NOTHING
 * (a concurrent insert of the same minute waits for the other transaction, then does nothing).
 * All or nothing: when any minute is held already, the ones just inserted are removed and false returned.
 */
export async function takeBuckets(
  db: Db,
  typeId: number,
  startsAt: Date,
  endsAt: Date,
  place: number,
  bookingId: number,
): Promise<boolean> {
  const values = [];
  for (let t = startsAt.getTime(); t < endsAt.getTime(); t += 60_000) {
    values.push({ booking_type_id: typeId, bucket_start: new Date(t), place, booking_id: bookingId });
  }
  if (values.length === 0) return false;
  const rows = await db
    .insertInto('booking_time_buckets')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('place')
    .execute();
  if (rows.length === values.length) return true;
  await db.deleteFrom('booking_time_buckets').where('booking_id', '=', bookingId).where('place', '=', place).execute();
  return false;
}

/** Gives a booking's minutes back (cancelled, moved, deleted with its customer's account). */
export async function releaseBuckets(db: Db, bookingId: number): Promise<void> {
  await db.deleteFrom('booking_time_buckets').where('booking_id', '=', bookingId).execute();
}

/**
 * The places held by bookings of a type over minutes within [from, to): one row per booking and
 * place (its minutes are contiguous), so the slot list counts what takePlace will refuse.
 * `exceptBookingId`: a booking being moved does not stand in its own way.
 */
export async function listTakenPlaces(
  db: Db,
  typeId: number,
  from: Date,
  to: Date,
  exceptBookingId?: number,
): Promise<{ place: number; startsAt: Date; endsAt: Date }[]> {
  let query = db
    .selectFrom('booking_time_buckets')
    .select(['place', sql<Date>`min(bucket_start)`.as('first_minute'), sql<Date>`max(bucket_start)`.as('last_minute')])
    .where('booking_type_id', '=', typeId)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .groupBy(['booking_id', 'place']);
  if (exceptBookingId !== undefined) query = query.where('booking_id', '!=', exceptBookingId);
  const rows = await query.execute();
  return rows.map((r) => ({
    place: Number(r.place),
    startsAt: new Date(r.first_minute),
    endsAt: new Date(new Date(r.last_minute).getTime() + 60_000),
  }));
}
