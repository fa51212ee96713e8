import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { BankHolidayRegion } from '#shared/value-sets.ts';

/** The shop's booking rules: one row, id 1 (bookings/booking-settings.repository.ts). */
export interface BookingSettingsTable {
  id: ColumnType<number, 1 | undefined, never>;
  earliest_working_days: ColumnType<number, number | undefined, number>;
  horizon_days: ColumnType<number, number | undefined, number>;
  change_cutoff_hours: ColumnType<number, number | undefined, number>;
  bank_holiday_region: ColumnType<BankHolidayRegion, BankHolidayRegion | undefined, BankHolidayRegion>;
  updated_at: Timestamp;
}
