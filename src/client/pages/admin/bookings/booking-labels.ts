import { formatTime } from '#shared/format/dates.ts';
import type { AdminBooking } from '#shared/schemas/bookings.ts';

/** "10:20 Estimate visit: Tamsin Rowe (VW Golf)". */
export function bookingLine(booking: AdminBooking, timeZone: string): string {
  return `${formatTime(booking.starts_at, { timeZone })} ${booking.type_name}: ${booking.name} (${booking.vehicle})`;
}
