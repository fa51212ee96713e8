import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { BookingStatus } from '#shared/value-sets.ts';

/** A customer's booking (bookings/bookings.repository.ts). */
export interface BookingsTable {
  id: Generated<number>;
  reference: string;
  booking_type_id: number;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  user_id: number | null;
  quote_request_id: number | null;
  quote_reference: string | null;
  name: string;
  /** Null for a caller or walk-in the shop booked with a telephone number only: nothing is mailed. */
  email: string | null;
  telephone: string;
  vehicle: string;
  registration: string | null;
  location: string | null;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  cancel_reason: string | null;
  change_request: string | null;
  change_requested_at: NullableTimestamp;
  manage_salt: string;
  manage_token_hash: string;
  reminder_sent_at: NullableTimestamp;
  morning_reminder_sent_at: NullableTimestamp;
  seen_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
