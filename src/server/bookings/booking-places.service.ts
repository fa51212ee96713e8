// Taking and giving back a booking's place: its slot-start row (which the slot engine counts) and
// its minutes (which refuse any overlap on the same place, whatever grid the shop has since set).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import * as slotPlaces from './booking-slot-places.repository.ts';
import * as buckets from './booking-time-buckets.repository.ts';

type Db = Kysely<Database>;

/** The first place whose every minute of [startsAt, endsAt) is free, taken for `bookingId`; null when none. */
export async function takePlace(
  db: Db,
  type: { id: number; capacity: number },
  startsAt: Date,
  endsAt: Date,
  bookingId: number,
): Promise<number | null> {
  for (let place = 1; place <= type.capacity; place++) {
    if (!(await buckets.takeBuckets(db, type.id, startsAt, endsAt, place, bookingId))) continue;
    if (await slotPlaces.takeSlotPlace(db, type.id, startsAt, place, bookingId)) return place;
    await buckets.releaseBuckets(db, bookingId);
  }
  return null;
}

/** Gives a booking's place back. */
export async function releasePlace(db: Db, bookingId: number): Promise<void> {
  await buckets.releaseBuckets(db, bookingId);
  await slotPlaces.releasePlace(db, bookingId);
}
