import type { ColumnType } from 'kysely';

/** A minute of a place a booking holds: the primary key is the capacity rule (booking-time-buckets.repository.ts). */
export interface BookingTimeBucketsTable {
  booking_type_id: number;
  bucket_start: ColumnType<Date, Date | string, Date | string>;
  place: number;
  booking_id: number;
}
