// Every SQL statement on booking_slot_places: the slot-start row of each place a booking holds.
// Its primary key (type, slot start, place) refuses a second booking at the same start; overlaps on
// another grid are refused by the minutes (docs/decisions/booking-capacity-by-time-buckets.md), which
// the slot list counts too.
import type { Kysely } from 'kysely';
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
