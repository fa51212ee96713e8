import type { Timestamp } from '#server/db/column-types.ts';

/** The bank holidays the shop opens for booking anyway (bookings/bank-holiday-openings.repository.ts). */
export interface BankHolidayOpeningsTable {
  /** The shop's calendar date, YYYY-MM-DD. */
  holiday_date: string;
  created_at: Timestamp;
}
