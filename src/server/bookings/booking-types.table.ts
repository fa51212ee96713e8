import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { DepositKind } from '#shared/value-sets.ts';

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
  /** The deposit asked at booking: none, deposit_fixed_pence, or deposit_share_bp of the accepted estimate. */
  deposit_kind: ColumnType<DepositKind, DepositKind | undefined, DepositKind>;
  deposit_fixed_pence: ColumnType<number, number | undefined, number>;
  deposit_share_bp: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
