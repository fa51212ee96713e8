import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A kind of appointment the customer can book (bookings/booking-types.repository.ts). */
export interface BookingTypesTable {
  id: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  duration_minutes: number;
  capacity: number;
  asks_location: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
