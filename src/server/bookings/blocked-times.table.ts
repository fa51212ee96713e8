import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A time no booking can take, beside the shop's closures (bookings/blocked-times.repository.ts). */
export interface BlockedTimesTable {
  id: Generated<number>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  note: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}
