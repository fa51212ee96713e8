import type { ColumnType } from 'kysely';

/** A place a booking holds in its slot: the primary key is the capacity rule (booking-slot-places.repository.ts). */
export interface BookingSlotPlacesTable {
  booking_type_id: number;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  place: number;
  booking_id: number;
}
