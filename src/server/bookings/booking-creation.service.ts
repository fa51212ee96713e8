/**
 * Making a booking: the rate limits, the rules that need the database (every field's messages at
 * once), and the insert that takes the slot's place, with the confirmation mail and the private
 * manage link's token (manage-link.ts).
 */
import type { Insertable } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { BookingsTable } from './bookings.table.ts';
import { AppError } from '#server/errors.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { newReference } from '#server/references.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { bookingEvent, notifyShop } from '#server/notifications/notifications.service.ts';
import { isHoneypotFilled } from '#server/validation/honeypot.ts';
import { findQuoteRequest, findQuoteRequestByReference, type QuoteRequestRow } from '#server/quotes/quote-requests.repository.ts';
import { BOOKINGS_PER_EMAIL_PER_HOUR, BOOKINGS_PER_HOUR } from '#shared/limits.ts';
import { BOOKING_MESSAGES, BOOKING_NEXT_SLOTS_COUNT, type AdminBooking, type BookingCreated } from '#shared/schemas/bookings.ts';
import type { AdminBookingCreateInput, BookingCreateInput } from '#shared/schemas/booking-inputs.ts';
import { localMoment } from '#shared/calendar-date.ts';
import type * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import * as places from './booking-places.service.ts';
import * as bookings from './bookings.repository.ts';
import { checkSlot } from './slot-engine.ts';
import { hashManageToken, manageToken, newManageSalt } from './manage-link.ts';
import { presentAdminBooking, presentCustomerBooking } from './booking-presenter.ts';
import {
  activeType,
  nextFree,
  PlaceTaken,
  queueBookingMail,
  SHOP_BOOKING_REACH,
  SLOT_REFUSAL_MESSAGES,
  slotInputs,
  slotTaken,
  type ReadDeps,
} from './bookings.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'log' | 'publicContent' | 'rateLimiter'>;

const BOOKING_LIMIT = { limit: BOOKINGS_PER_HOUR, windowSeconds: 60 * 60 } as const;
const BOOKING_EMAIL_LIMIT = { limit: BOOKINGS_PER_EMAIL_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** Reserves one booking request for the client's address before the input is read; 429 when used up. */
export async function reserveBookingRequest(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, { key: `booking:${ip ?? ''}`, ...BOOKING_LIMIT });
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
    if ('refusal' in checked) errors.starts_at = [SLOT_REFUSAL_MESSAGES[checked.refusal]];
  }
  return { errors, type };
}

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
  const quote = await attachedQuote(deps, input, userId);
  const row = await insertBookingWithPlace(deps, type, now, {
    starts_at: startsAt,
    user_id: userId,
    quote_request_id: quote?.id ?? null,
    quote_reference: quote?.reference ?? input.quote_reference,
    name: input.name,
    email: input.email,
    telephone: input.telephone,
    vehicle: input.vehicle,
    registration: input.registration,
    location: type.asks_location ? input.location : null,
  });
  const settings = await settingsRepo.findBookingSettings(deps.db);
  return { ...presentCustomerBooking(row.booking, type.name, settings.change_cutoff_hours, now), manage_token: row.token };
}

/** What a new booking holds besides its type, reference, end and manage link. */
type NewBooking = Omit<Insertable<BookingsTable>, 'reference' | 'booking_type_id' | 'ends_at' | 'manage_salt' | 'manage_token_hash'> & {
  starts_at: Date;
};

/**
 * Inserts a booking and takes its slot's place in one transaction, with the confirmation mail
 * (none when it has no address). A request that loses the race for the last place gets a 409 with
 * the next free slots and keeps nothing.
 */
async function insertBookingWithPlace(
  deps: Deps,
  type: types.BookingTypeRow,
  now: Date,
  values: NewBooking,
): Promise<{ booking: bookings.BookingRow; token: string }> {
  const endsAt = new Date(values.starts_at.getTime() + type.duration_minutes * 60_000);
  const salt = newManageSalt();
  const token = manageToken(deps.config.appKey, salt);
  for (let attempt = 1; ; attempt++) {
    try {
      const booking = await deps.db.transaction().execute(async (trx) => {
        const inserted = await bookings.insertBooking(trx, {
          ...values,
          reference: newReference('booking', now),
          booking_type_id: type.id,
          ends_at: endsAt,
          manage_salt: salt,
          manage_token_hash: hashManageToken(token),
        });
        const place = await places.takePlace(trx, type, values.starts_at, new Date(inserted.ends_at), inserted.id);
        if (place === null) throw new PlaceTaken();
        await queueBookingMail(deps, trx, 'booking-confirmation', inserted);
        // One the shop made itself (seen already) is not news to the shop.
        if (!values.seen_at) await notifyShop(deps, trx, bookingEvent('booking-created', inserted));
        return inserted;
      });
      return { booking, token };
    } catch (error) {
      if (error instanceof PlaceTaken) throw slotTaken(await nextFree(deps, type, now, BOOKING_NEXT_SLOTS_COUNT));
      // A reference already taken (1 in 887 million a year) is tried again with a new one.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * The quote request a booking joins: the one picked from the signed-in customer's own (checked
 * above), else the one its typed reference names when that request is the customer's, by account
 * or, for a request of no account, by the booking's e-mail address. A reference of anyone else's
 * request is kept as typed text and joins nothing, with no error: an answer that differed would
 * tell a stranger which references exist.
 */
async function attachedQuote(
  deps: Pick<AppDeps, 'db'>,
  input: BookingCreateInput,
  userId: number | null,
): Promise<QuoteRequestRow | undefined> {
  if (input.quote_request_id !== undefined) return findQuoteRequest(deps.db, input.quote_request_id);
  if (!input.quote_reference) return undefined;
  const quote = await findQuoteRequestByReference(deps.db, input.quote_reference);
  if (!quote) return undefined;
  const ownAccount = userId !== null && quote.user_id === userId;
  const sameAddress = quote.user_id === null && quote.email.toLowerCase() === input.email.toLowerCase();
  return ownAccount || sameAddress ? quote : undefined;
}

/**
 * The rules of the admin's booking that need the database: the type, the location, the start.
 * The customer's notice and horizon do not bind the shop; a full slot is left to the place (409).
 */
export async function adminBookingFieldErrors(
  deps: ReadDeps,
  fields: Omit<BookingFields, 'quote_request_id'>,
  now = new Date(),
): Promise<{ errors: FieldErrors; type: types.BookingTypeRow | null }> {
  const errors: FieldErrors = {};
  const type = fields.booking_type_id === undefined ? null : await activeType(deps, fields.booking_type_id);
  if (fields.booking_type_id !== undefined && !type) errors.booking_type_id = [BOOKING_MESSAGES.typeOff];
  if (type?.asks_location && fields.location === null) errors.location = [BOOKING_MESSAGES.locationRequired];
  if (type && fields.starts_at !== undefined) {
    const startsAt = new Date(fields.starts_at);
    const date = localMoment(startsAt, (await readShop(deps)).timeZone).date;
    const inputs = await slotInputs(deps, type, date, date, now);
    const checked = checkSlot({ ...inputs, settings: { ...inputs.settings, ...SHOP_BOOKING_REACH } }, startsAt);
    if ('refusal' in checked && checked.refusal !== 'full') errors.starts_at = [SLOT_REFUSAL_MESSAGES[checked.refusal]];
  }
  return { errors, type };
}

/**
 * The admin books a caller or a walk-in: a name and a telephone number may be all there is (the
 * schema asks a UK number when there is no e-mail; without one nothing is mailed). The customer's
 * notice and horizon rules do not bind the shop (as for a move), the hours, closures and blocked
 * times do, and capacity is as strict as online: a full slot is a 409 from the place itself.
 * Made by the shop, it is seen already (no "new" badge).
 */
export async function createBookingByAdmin(deps: Deps, input: AdminBookingCreateInput, now = new Date()): Promise<AdminBooking> {
  // The last guard: the input check ran the same rules only when another field was refused.
  const { errors, type } = await adminBookingFieldErrors(deps, input, now);
  if (Object.keys(errors).length || !type) throw AppError.validation(errors);
  const startsAt = new Date(input.starts_at);
  const { booking } = await insertBookingWithPlace(deps, type, now, {
    starts_at: startsAt,
    user_id: null,
    quote_request_id: null,
    quote_reference: null,
    name: input.name,
    email: input.email ?? null,
    telephone: input.telephone ?? '',
    vehicle: input.vehicle ?? '',
    registration: input.registration,
    location: type.asks_location ? input.location : null,
    seen_at: now,
  });
  return presentAdminBooking(booking, type.name);
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
