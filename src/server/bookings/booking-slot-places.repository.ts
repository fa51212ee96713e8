// Every SQL statement on booking_slot_places: the places bookings hold. The primary key
// (type, slot start, place) is the capacity rule (docs/decisions/booking-capacity-by-unique-places.md):
// a place is taken by inserting its row, never by reading a count and then writing.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

/** Inserts the slot-start row of `place` for `bookingId`; false when that place of the slot is held. */
export async function takeSlotPlace(db: Db, typeId: number, startsAt: Date, place: number, bookingId: number): Promise<boolean> {
  const row = await db
    .insertInto('booking_slot_places')
    .values({ booking_type_id: typeId, starts_at: startsAt, place, booking_id: bookingId })
    .onConflict((oc) => oc.doNothing())
    .returning('place')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a booking's place back (cancelled, moved, deleted with its customer's account). */
export async function releasePlace(db: Db, bookingId: number): Promise<void> {
  await db.deleteFrom('booking_slot_places').where('booking_id', '=', bookingId).execute();
}

/** Places taken per slot start (ISO) of a type within [from, to). */
export async function countTakenPlaces(db: Db, typeId: number, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('booking_slot_places')
    .select(['starts_at', sql<number>`count(*)::int`.as('n')])
    .where('booking_type_id', '=', typeId)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .groupBy('starts_at')
    .execute();
  return new Map(rows.map((r) => [new Date(r.starts_at).toISOString(), Number(r.n)]));
}
