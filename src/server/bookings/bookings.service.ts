/**
 * Online booking (issue 24): the types, the free slots of a type, a customer's booking and its
 * private manage link. The slot rules are the slot engine's (slot-engine.ts); the capacity rule is
 * the database's (booking_slot_places, docs/decisions/booking-capacity-by-unique-places.md): the
 * engine's count is only for the 422 and the list of times, the place itself is taken by an insert
 * that cannot succeed twice.
 */
import type { Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { newReference } from '#server/references.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { isHoneypotFilled } from '#server/validation/honeypot.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import {
  BOOKING_CHANGE_REQUESTS_PER_LINK_PER_DAY,
  BOOKINGS_PER_EMAIL_PER_HOUR,
  BOOKINGS_PER_HOUR,
  MANAGE_LINK_DAYS_AFTER_VISIT,
} from '#shared/limits.ts';
import {
  BOOKING_MESSAGES,
  BOOKING_NEXT_SLOTS_COUNT,
  type Availability,
  type BookingAvailabilityInput,
  type BookingCreated,
  type BookingCreateInput,
  type BookingType,
  type CustomerBooking,
} from '#shared/schemas/bookings.ts';
import { addDays, localMoment } from '#shared/calendar-date.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import * as blockedRepo from './blocked-times.repository.ts';
import * as places from './booking-slot-places.repository.ts';
import * as bookings from './bookings.repository.ts';
import { bookableRange, checkSlot, daysBetween, nextFreeSlots, type Slot, type SlotInputs, type SlotRefusal } from './slot-engine.ts';
import { hashManageToken, manageToken, newManageSalt } from './manage-link.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'log' | 'publicContent' | 'rateLimiter'>;
type ReadDeps = Pick<AppDeps, 'db' | 'publicContent'>;

export const BOOKING_LIMIT = { limit: BOOKINGS_PER_HOUR, windowSeconds: 60 * 60 } as const;
export const BOOKING_EMAIL_LIMIT = { limit: BOOKINGS_PER_EMAIL_PER_HOUR, windowSeconds: 60 * 60 } as const;
export const CHANGE_REQUEST_LIMIT = { limit: BOOKING_CHANGE_REQUESTS_PER_LINK_PER_DAY, windowSeconds: 24 * 60 * 60 } as const;

/** Reserves one booking request for the client's address before the input is read; 429 when used up. */
export async function reserveBookingRequest(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, { key: `booking:${ip ?? ''}`, ...BOOKING_LIMIT });
}

export function presentBookingType(row: types.BookingTypeRow): BookingType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.duration_minutes,
    capacity: row.capacity,
    asks_location: row.asks_location,
  };
}

export async function listActiveBookingTypes(deps: Pick<AppDeps, 'db'>): Promise<{ data: BookingType[] }> {
  return { data: (await types.listBookingTypes(deps.db, { activeOnly: true })).map(presentBookingType) };
}

/** What the slot engine needs for a type over the shop's dates [from, to]. */
async function slotInputs(
  deps: ReadDeps,
  type: types.BookingTypeRow,
  from: string,
  to: string,
  now: Date,
  db: AppDeps['db'] = deps.db,
): Promise<SlotInputs> {
  const shop = await readShop(deps);
  const settings = await settingsRepo.findBookingSettings(db);
  // A day's instants lie within a day either side of its UTC midnight, whatever the zone.
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - 36 * 3_600_000);
  const end = new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + 36 * 3_600_000);
  const blocked = await blockedRepo.findBlockedTimesBetween(db, start, end);
  return {
    shop,
    type: { durationMinutes: type.duration_minutes, capacity: type.capacity },
    settings: { earliestWorkingDays: settings.earliest_working_days, horizonDays: settings.horizon_days },
    blocked: blocked.map((b) => ({ startsAt: new Date(b.starts_at), endsAt: new Date(b.ends_at) })),
    taken: await places.countTakenPlaces(db, type.id, start, end),
    now,
  };
}

async function activeType(deps: Pick<AppDeps, 'db'>, id: number): Promise<types.BookingTypeRow | null> {
  const row = await types.findBookingType(deps.db, id);
  return row && row.active ? row : null;
}

export async function getAvailability(deps: ReadDeps, input: BookingAvailabilityInput, now = new Date()): Promise<Availability> {
  const type = await activeType(deps, input.type_id);
  if (!type) throw AppError.notFound();
  const inputs = await slotInputs(deps, type, input.from, input.to, now);
  const range = bookableRange(inputs.shop, inputs.settings, now);
  return {
    type_id: type.id,
    time_zone: inputs.shop.timeZone,
    first_date: range.first,
    last_date: range.last,
    days: daysBetween(inputs, input.from, input.to).map((day) => ({
      date: day.date,
      status: day.status,
      slots: day.slots.map(presentSlot),
    })),
  };
}

function presentSlot(slot: Slot) {
  return { starts_at: slot.startsAt, ends_at: slot.endsAt, time: slot.time, free: slot.free };
}

/** The next free slots of a type from now (the 409's suggestions). */
async function nextFree(deps: ReadDeps, type: types.BookingTypeRow, now: Date, count: number): Promise<Slot[]> {
  const today = localMoment(now, (await readShop(deps)).timeZone).date;
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const inputs = await slotInputs(deps, type, today, addDays(today, settings.horizon_days), now);
  return nextFreeSlots(inputs, count);
}

const REFUSALS: Record<SlotRefusal, string> = {
  past: BOOKING_MESSAGES.past,
  'out-of-range': BOOKING_MESSAGES.outOfRange,
  closed: BOOKING_MESSAGES.closed,
  'outside-hours': BOOKING_MESSAGES.outsideHours,
  full: BOOKING_MESSAGES.full,
};

/** A 409: the last place went to another request at the same moment; the answer names the next free times. */
function slotTaken(next: Slot[]): AppError {
  return AppError.conflict(BOOKING_MESSAGES.taken, { starts_at: [BOOKING_MESSAGES.taken] }, { next_slots: next.map(presentSlot) });
}

/** Until when the customer may change the booking online. */
function changeUntil(row: bookings.BookingRow, cutoffHours: number): Date {
  return new Date(new Date(row.starts_at).getTime() - cutoffHours * 3_600_000);
}

export function presentCustomerBooking(row: bookings.BookingRow, typeName: string, cutoffHours: number, now = new Date()): CustomerBooking {
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

/** The fields of a booking its database rules judge; a field left out (unusable on a refused form) is not judged. */
export interface BookingFields {
  booking_type_id?: number;
  starts_at?: string;
  location?: string | null;
  quote_request_id?: number;
}

/**
 * A booking's rules that need the database, every field's messages at once: a type switched off, a
 * missing location, a quote request that is not the caller's, a start the slot rules refuse (past,
 * out of range, closed day, outside the hours, full). The input check runs them on a refused form
 * (bookings.input-checks.ts), so one 422 names every problem; createBooking runs them again.
 */
export async function bookingFieldErrors(
  deps: ReadDeps,
  fields: BookingFields,
  userId: number | null,
  now = new Date(),
): Promise<{ errors: FieldErrors; type: types.BookingTypeRow | null }> {
  const errors: FieldErrors = {};
  const type = fields.booking_type_id === undefined ? null : await activeType(deps, fields.booking_type_id);
  if (fields.booking_type_id !== undefined && !type) errors.booking_type_id = [BOOKING_MESSAGES.typeOff];
  if (type?.asks_location && fields.location === null) errors.location = [BOOKING_MESSAGES.locationRequired];
  if (fields.quote_request_id !== undefined) {
    const quote = userId === null ? undefined : await findQuoteRequest(deps.db, fields.quote_request_id);
    if (!quote || quote.user_id !== userId) errors.quote_request_id = [BOOKING_MESSAGES.quoteNotYours];
  }
  if (type && fields.starts_at !== undefined) {
    const startsAt = new Date(fields.starts_at);
    const date = localMoment(startsAt, (await readShop(deps)).timeZone).date;
    const checked = checkSlot(await slotInputs(deps, type, date, date, now), startsAt);
    if ('refusal' in checked) errors.starts_at = [REFUSALS[checked.refusal]];
  }
  return { errors, type };
}

class PlaceTaken extends Error {}

/**
 * Books a slot. Refusals, each a 422 on its field: a type switched off, a missing location, a quote
 * request that is not the caller's, a start the rules refuse (past, out of range, closed day,
 * outside the hours, full). The place is taken by an insert the primary key lets succeed once: a
 * request that loses the race for the last place gets a 409 with the next free slots, and keeps
 * nothing. A filled honeypot gets a success-shaped answer with nothing stored and nothing sent.
 */
export async function createBooking(
  deps: Deps,
  input: BookingCreateInput,
  userId: number | null,
  now = new Date(),
): Promise<BookingCreated> {
  if (isHoneypotFilled(input)) {
    deps.log.info('booking honeypot filled; nothing stored');
    return decoyBooking(input, now);
  }
  await throttle(deps.rateLimiter, { key: `booking-email:${input.email}`, ...BOOKING_EMAIL_LIMIT });

  // The last guard: the input check ran the same rules only when another field was refused.
  const { errors, type } = await bookingFieldErrors(deps, input, userId, now);
  if (Object.keys(errors).length || !type) throw AppError.validation(errors);
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(startsAt.getTime() + type.duration_minutes * 60_000);

  const salt = newManageSalt();
  const token = manageToken(deps.config.appKey, salt);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await deps.db.transaction().execute(async (trx) => {
        const inserted = await bookings.insertBooking(trx, {
          reference: newReference('booking', now),
          booking_type_id: type.id,
          starts_at: startsAt,
          ends_at: endsAt,
          user_id: userId,
          quote_request_id: input.quote_request_id ?? null,
          quote_reference: input.quote_reference,
          name: input.name,
          email: input.email,
          telephone: input.telephone,
          vehicle: input.vehicle,
          registration: input.registration,
          location: type.asks_location ? input.location : null,
          manage_salt: salt,
          manage_token_hash: hashManageToken(token),
        });
        const place = await places.takePlace(trx, type.id, startsAt, type.capacity, inserted.id);
        if (place === null) throw new PlaceTaken();
        await queueBookingMail(deps, trx, 'booking-confirmation', inserted);
        return inserted;
      });
      return { ...presentCustomerBooking(row, type.name, settings.change_cutoff_hours, now), manage_token: token };
    } catch (error) {
      if (error instanceof PlaceTaken) throw slotTaken(await nextFree(deps, type, now, BOOKING_NEXT_SLOTS_COUNT));
      // A reference already taken (1 in 887 million a year) is tried again with a new one.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

function decoyBooking(input: BookingCreateInput, now: Date): BookingCreated {
  const startsAt = new Date(input.starts_at);
  return {
    reference: newReference('booking', now),
    type_id: input.booking_type_id,
    type_name: '',
    starts_at: startsAt.toISOString(),
    ends_at: startsAt.toISOString(),
    status: 'booked',
    name: input.name,
    vehicle: input.vehicle,
    registration: input.registration,
    location: input.location,
    change_until: startsAt.toISOString(),
    can_change: false,
    manage_token: manageToken(Buffer.from(newManageSalt()), newManageSalt()),
  };
}

/** A mail about a booking, rendered when it goes (mail/outgoing-mail.ts): the manage link is made then. */
export async function queueBookingMail(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Transaction<Database>,
  kind: 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-change-declined',
  row: bookings.BookingRow,
  extra: { reason?: string } = {},
): Promise<void> {
  await queueMail(deps, trx, { kind, to: row.email, params: { bookingId: row.id, ...extra } });
}

// ---- The manage link ----------------------------------------------------------------------------

/**
 * The booking a manage link opens. A cancelled booking's link, or one whose visit ended more than
 * MANAGE_LINK_DAYS_AFTER_VISIT ago, answers as a link that opens nothing: an old mail in someone
 * else's hands shows no one's booking.
 */
async function bookingByToken(deps: Pick<AppDeps, 'db'>, token: string, db: AppDeps['db'] = deps.db, lock = false, now = new Date()) {
  const row = await bookings.findBookingByTokenHash(db, hashManageToken(token), { lock });
  if (!row || !isManageLinkOpen(row, now)) throw AppError.notFound();
  return row;
}

function isManageLinkOpen(row: bookings.BookingRow, now: Date): boolean {
  if (row.status === 'cancelled') return false;
  return now.getTime() <= new Date(row.ends_at).getTime() + MANAGE_LINK_DAYS_AFTER_VISIT * 86_400_000;
}

async function typeName(deps: Pick<AppDeps, 'db'>, id: number): Promise<string> {
  return (await types.findBookingType(deps.db, id))?.name ?? '';
}

export async function getManagedBooking(deps: Pick<AppDeps, 'db'>, token: string, now = new Date()): Promise<CustomerBooking> {
  const row = await bookingByToken(deps, token, deps.db, false, now);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  return presentCustomerBooking(row, await typeName(deps, row.booking_type_id), settings.change_cutoff_hours, now);
}

/** Before the cut-off the customer moves the booking to another free slot of its type; the place moves with it. */
export async function rescheduleManagedBooking(
  deps: Deps,
  token: string,
  startsAtText: string,
  now = new Date(),
): Promise<CustomerBooking> {
  const current = await bookingByToken(deps, token, deps.db, false, now);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  assertChangeable(current, settings.change_cutoff_hours, now);
  const type = await types.findBookingType(deps.db, current.booking_type_id);
  if (!type?.active) throw AppError.field('starts_at', BOOKING_MESSAGES.typeOff);
  const startsAt = new Date(startsAtText);
  const shop = await readShop(deps);
  const date = localMoment(startsAt, shop.timeZone).date;
  const checked = checkSlot(await slotInputs(deps, type, date, date, now), startsAt);
  if ('refusal' in checked) throw AppError.field('starts_at', REFUSALS[checked.refusal]);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const locked = await bookings.findBooking(trx, current.id, { lock: true });
      if (!locked) throw AppError.notFound();
      assertChangeable(locked, settings.change_cutoff_hours, now);
      await places.releasePlace(trx, locked.id);
      if ((await places.takePlace(trx, type.id, startsAt, type.capacity, locked.id)) === null) throw new PlaceTaken();
      const moved = await bookings.updateBooking(trx, locked.id, {
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + type.duration_minutes * 60_000),
        reminder_sent_at: null,
        morning_reminder_sent_at: null,
      });
      await queueBookingMail(deps, trx, 'booking-changed', moved);
      return moved;
    });
    return presentCustomerBooking(row, type.name, settings.change_cutoff_hours, now);
  } catch (error) {
    if (error instanceof PlaceTaken) throw slotTaken(await nextFree(deps, type, now, BOOKING_NEXT_SLOTS_COUNT));
    throw error;
  }
}

function assertChangeable(row: bookings.BookingRow, cutoffHours: number, now: Date): void {
  if (row.status !== 'booked') throw AppError.field('token', BOOKING_MESSAGES.notChangeable);
  if (now >= changeUntil(row, cutoffHours)) throw AppError.field('token', BOOKING_MESSAGES.tooLate);
}

/** Before the cut-off the customer cancels; the place is given back at once. */
export async function cancelManagedBooking(deps: Deps, token: string, now = new Date()): Promise<CustomerBooking> {
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await bookingByToken(deps, token, trx, true, now);
    assertChangeable(locked, settings.change_cutoff_hours, now);
    await places.releasePlace(trx, locked.id);
    const cancelled = await bookings.updateBooking(trx, locked.id, {
      status: 'cancelled',
      cancelled_at: now,
      cancel_reason: 'Cancelled by the customer.',
    });
    await queueBookingMail(deps, trx, 'booking-cancelled', cancelled, { reason: 'You cancelled it.' });
    return cancelled;
  });
  return presentCustomerBooking(row, await typeName(deps, row.booking_type_id), settings.change_cutoff_hours, now);
}

/** After the cut-off: the customer asks for a change, which the shop accepts or declines. */
export async function requestBookingChange(deps: Deps, token: string, message: string, now = new Date()): Promise<CustomerBooking> {
  const row = await bookingByToken(deps, token, deps.db, false, now);
  if (row.status !== 'booked') throw AppError.field('token', BOOKING_MESSAGES.notChangeable);
  // Per link (its booking), counted before anything is written: each request notifies the shop.
  await throttle(deps.rateLimiter, { key: `booking-change-request:${row.id}`, ...CHANGE_REQUEST_LIMIT });
  const updated = await bookings.updateBooking(deps.db, row.id, { change_request: message, change_requested_at: now, seen_at: null });
  const settings = await settingsRepo.findBookingSettings(deps.db);
  return presentCustomerBooking(updated, await typeName(deps, row.booking_type_id), settings.change_cutoff_hours, now);
}

export async function listMyBookings(deps: Pick<AppDeps, 'db'>, userId: number, now = new Date()): Promise<{ data: CustomerBooking[] }> {
  const rows = await bookings.listBookingsOfUser(deps.db, userId);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const names = new Map((await types.listBookingTypes(deps.db, { activeOnly: false })).map((t) => [t.id, t.name]));
  return { data: rows.map((row) => presentCustomerBooking(row, names.get(row.booking_type_id) ?? '', settings.change_cutoff_hours, now)) };
}
