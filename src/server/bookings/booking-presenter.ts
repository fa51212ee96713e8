/**
 * Turns booking rows into the shapes of src/shared/schemas/bookings.ts: a type as a customer and as
 * the admin sees it, a slot, a booking as its customer and as the shop sees it, a blocked time.
 */
import type { AdminBooking, AdminBookingType, BlockedTime, BookingType, CustomerBooking } from '#shared/schemas/bookings.ts';
import type { BookingTypeRow } from './booking-types.repository.ts';
import type { BlockedTimeRow } from './blocked-times.repository.ts';
import type { BookingRow } from './bookings.repository.ts';
import type { Slot } from './slot-engine.ts';

export function presentBookingType(row: BookingTypeRow): BookingType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.duration_minutes,
    capacity: row.capacity,
    asks_location: row.asks_location,
  };
}

export function presentAdminBookingType(row: BookingTypeRow): AdminBookingType {
  return {
    ...presentBookingType(row),
    active: row.active,
    position: row.position,
    deposit_kind: row.deposit_kind,
    deposit_fixed_pence: row.deposit_fixed_pence,
    deposit_share_bp: row.deposit_share_bp,
  };
}

export function presentSlot(slot: Slot) {
  return { starts_at: slot.startsAt, ends_at: slot.endsAt, time: slot.time, free: slot.free, changeable_online: slot.changeableOnline };
}

/** Until when the customer may change the booking online. */
export function changeUntil(row: BookingRow, cutoffHours: number): Date {
  return new Date(new Date(row.starts_at).getTime() - cutoffHours * 3_600_000);
}

export function presentCustomerBooking(row: BookingRow, typeName: string, cutoffHours: number, now = new Date()): CustomerBooking {
  const until = changeUntil(row, cutoffHours);
  return {
    reference: row.reference,
    type_id: row.booking_type_id,
    type_name: typeName,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    status: row.status,
    name: row.name,
    vehicle: row.vehicle,
    registration: row.registration,
    location: row.location,
    change_until: until.toISOString(),
    can_change: row.status === 'booked' && now < until,
  };
}

const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function presentAdminBooking(row: BookingRow, typeName: string): AdminBooking {
  return {
    id: row.id,
    reference: row.reference,
    type_id: row.booking_type_id,
    type_name: typeName,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    status: row.status,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    vehicle: row.vehicle,
    registration: row.registration,
    location: row.location,
    quote_reference: row.quote_reference,
    quote_request_id: row.quote_request_id,
    change_request: row.change_request,
    change_requested_at: isoOrNull(row.change_requested_at),
    cancel_reason: row.cancel_reason,
    is_new: row.seen_at === null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function presentBlockedTime(row: BlockedTimeRow): BlockedTime {
  return { id: row.id, starts_at: new Date(row.starts_at).toISOString(), ends_at: new Date(row.ends_at).toISOString(), note: row.note };
}
