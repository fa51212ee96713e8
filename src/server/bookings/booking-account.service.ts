/**
 * A customer's bookings in their account's data export, and what happens to them when the account
 * is deleted (users.service.ts removeUser, in its transaction): future bookings are cancelled and
 * their places given back; every booking of the account is then kept for the shop's records with
 * no personal data (name "Deleted user", contact details blanked).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ExportedBooking } from '#shared/schemas/bookings.ts';
import * as bookings from './bookings.repository.ts';
import * as places from './booking-places.service.ts';
import * as types from './booking-types.repository.ts';

export async function forgetBookingsOfUser(trx: Transaction<Database>, userId: number, now = new Date()): Promise<void> {
  for (const row of await bookings.findFutureBookedOfUser(trx, userId, now)) {
    await places.releasePlace(trx, row.id);
    await bookings.updateBooking(trx, row.id, {
      status: 'cancelled',
      cancelled_at: now,
      cancel_reason: 'The customer deleted their account.',
    });
  }
  await bookings.anonymiseBookingsOfUser(trx, userId);
}

export async function exportBookingsOfUser(deps: { db: Kysely<Database> }, userId: number): Promise<ExportedBooking[]> {
  const names = new Map((await types.listBookingTypes(deps.db, { activeOnly: false })).map((t) => [t.id, t.name]));
  return (await bookings.listBookingsOfUser(deps.db, userId)).map((row) => ({
    reference: row.reference,
    type_name: names.get(row.booking_type_id) ?? '',
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
    change_request: row.change_request,
    cancel_reason: row.cancel_reason,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
