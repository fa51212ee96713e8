/**
 * Online booking: the types, the free slots of a type, and the signed-in customer's bookings;
 * with the slot rules that making (booking-creation.service.ts) and changing a booking
 * (booking-manage.service.ts) share. The slot rules are the slot engine's (slot-engine.ts); the
 * capacity rule is the database's (booking_time_buckets,
 * docs/decisions/booking-capacity-by-time-buckets.md): the engine counts the same minutes for the
 * 422 and the list of times, and the place itself is taken by inserts that cannot succeed twice.
 */
import type { Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { AppError } from '#server/errors.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { BOOKING_MESSAGES, type Availability, type BookingType, type CustomerBooking } from '#shared/schemas/bookings.ts';
import type { AdminAvailabilityInput, BookingAvailabilityInput } from '#shared/schemas/booking-inputs.ts';
import { addDays, daysFrom, localMoment } from '#shared/calendar-date.ts';
import { BOOKING_AVAILABILITY_MAX_DAYS, BOOKING_HORIZON_MAX_DAYS } from '#shared/limits.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import * as blockedRepo from './blocked-times.repository.ts';
import * as buckets from './booking-time-buckets.repository.ts';
import { closedBankHolidays } from './bank-holidays.service.ts';
import * as bookings from './bookings.repository.ts';
import { currentManageToken } from './manage-link.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT, type AccountPageInput } from '#shared/schemas/paging.ts';
import { bookableRange, daysBetween, nextFreeSlots, type Slot, type SlotInputs, type SlotRefusal } from './slot-engine.ts';
import { presentBookingType, presentCustomerBooking, presentSlot } from './booking-presenter.ts';

export type ReadDeps = Pick<AppDeps, 'db' | 'publicContent'>;

export async function listActiveBookingTypes(deps: Pick<AppDeps, 'db'>): Promise<{ data: BookingType[] }> {
  return { data: (await types.listBookingTypes(deps.db, { activeOnly: true })).map(presentBookingType) };
}

/** What the slot engine needs for a type over the shop's dates [from, to]. */
export async function slotInputs(
  deps: ReadDeps,
  type: types.BookingTypeRow,
  from: string,
  to: string,
  now: Date,
  db: AppDeps['db'] = deps.db,
): Promise<BankHolidayInputs> {
  return slotInputsFor(db, await readShop(deps), type, await settingsRepo.findBookingSettings(db), from, to, now);
}

type BankHolidayInputs = SlotInputs & { closedDays: Map<string, string> };

/**
 * The same, from the shop and settings already read: a constant number of statements whatever the
 * range (the blocked times, the places held by minute, the opened bank holidays).
 */
export async function slotInputsFor(
  db: AppDeps['db'],
  shop: Shop,
  type: Pick<types.BookingTypeRow, 'id' | 'duration_minutes' | 'capacity'>,
  settings: settingsRepo.BookingSettingsRow,
  from: string,
  to: string,
  now: Date,
  options: { exceptBookingId?: number; bankHolidays?: boolean } = {},
): Promise<BankHolidayInputs> {
  // A day's instants lie within a day either side of its UTC midnight, whatever the zone.
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - 36 * 3_600_000);
  const end = new Date(Date.parse(`${addDays(to, 1)}T00:00:00Z`) + 36 * 3_600_000);
  const blocked = await blockedRepo.findBlockedTimesBetween(db, start, end);
  // The holidays of the days asked for and of the walk to the earliest bookable day from today.
  const today = localMoment(now, shop.timeZone).date;
  const holidaysFrom = daysFrom(today, from) < 0 ? from : today;
  const walkEnd = addDays(today, BOOKING_AVAILABILITY_MAX_DAYS);
  const holidaysTo = daysFrom(walkEnd, to) > 0 ? to : walkEnd;
  return {
    shop,
    type: { durationMinutes: type.duration_minutes, capacity: type.capacity },
    settings: {
      earliestWorkingDays: settings.earliest_working_days,
      horizonDays: settings.horizon_days,
      changeCutoffHours: settings.change_cutoff_hours,
    },
    blocked: blocked.map((b) => ({ startsAt: new Date(b.starts_at), endsAt: new Date(b.ends_at) })),
    taken: await buckets.listTakenPlaces(db, type.id, start, end, options.exceptBookingId),
    closedDays:
      options.bankHolidays === false ? new Map() : await closedBankHolidays(db, settings.bank_holiday_region, holidaysFrom, holidaysTo),
    now,
  };
}

export async function activeType(deps: Pick<AppDeps, 'db'>, id: number): Promise<types.BookingTypeRow | null> {
  const row = await types.findBookingType(deps.db, id);
  return row && row.active ? row : null;
}

/**
 * How far a booking the shop makes may reach: no notice, a year ahead. The customer's online rules
 * (notice, horizon) do not bind the shop; the hours, closures, bank holidays, blocked times and
 * capacity do (booking-creation.service.ts adminBookingFieldErrors checks with the same).
 */
export const SHOP_BOOKING_REACH = { earliestWorkingDays: 0, horizonDays: BOOKING_HORIZON_MAX_DAYS } as const;

export async function getAvailability(
  deps: ReadDeps,
  input: BookingAvailabilityInput,
  now = new Date(),
  reach: 'online' | 'shop' = 'online',
): Promise<Availability> {
  const type = await activeType(deps, input.type_id);
  if (!type) throw AppError.notFound();
  const read = await slotInputs(deps, type, input.from, input.to, now);
  const inputs = reach === 'shop' ? { ...read, settings: { ...read.settings, ...SHOP_BOOKING_REACH } } : read;
  const range = bookableRange(inputs.shop, inputs.settings, now, inputs.closedDays);
  return {
    type_id: type.id,
    time_zone: inputs.shop.timeZone,
    first_date: range.first,
    last_date: range.last,
    days: daysBetween(inputs, input.from, input.to).map((day) => ({
      date: day.date,
      status: day.status,
      bank_holiday: inputs.closedDays.get(day.date) ?? null,
      slots: day.slots.map(presentSlot),
    })),
  };
}

/** The shop's slot picker: every free time within opening hours from now on, or the customer's view with `online_only`. */
export function getAdminAvailability(deps: ReadDeps, input: AdminAvailabilityInput, now = new Date()): Promise<Availability> {
  return getAvailability(deps, input, now, input.online_only ? 'online' : 'shop');
}

/** The next free slots of a type from now (the 409's suggestions). */
export async function nextFree(deps: ReadDeps, type: types.BookingTypeRow, now: Date, count: number): Promise<Slot[]> {
  const today = localMoment(now, (await readShop(deps)).timeZone).date;
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const inputs = await slotInputs(deps, type, today, addDays(today, settings.horizon_days), now);
  return nextFreeSlots(inputs, count);
}

/** The 422 on `starts_at` of each start the slot rules refuse. */
export const SLOT_REFUSAL_MESSAGES: Record<SlotRefusal, string> = {
  past: BOOKING_MESSAGES.past,
  'out-of-range': BOOKING_MESSAGES.outOfRange,
  closed: BOOKING_MESSAGES.closed,
  'outside-hours': BOOKING_MESSAGES.outsideHours,
  full: BOOKING_MESSAGES.full,
};

/** Thrown inside a transaction when the last place of a slot went to another request: it rolls back. */
export class PlaceTaken extends Error {}

/** A 409: the last place went to another request at the same moment; the answer names the next free times. */
export function slotTaken(next: Slot[]): AppError {
  return AppError.conflict(BOOKING_MESSAGES.taken, { starts_at: [BOOKING_MESSAGES.taken] }, { next_slots: next.map(presentSlot) });
}

/** A mail about a booking, rendered when it goes (mail/outgoing-mail.ts): the manage link is made then. */
export async function queueBookingMail(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Transaction<Database>,
  kind: 'booking-confirmation' | 'booking-changed' | 'booking-cancelled' | 'booking-change-declined',
  row: bookings.BookingRow,
  extra: { reason?: string } = {},
): Promise<void> {
  // A booking without an address (a caller's, or an anonymised one) has nobody to mail.
  if (!row.email) return;
  await queueMail(deps, trx, { kind, to: row.email, params: { bookingId: row.id, ...extra } });
}

/** One page of the customer's bookings, latest start first (keyset; the server caps the page at ACCOUNT_LIST_MAX_LIMIT). */
export async function listMyBookings(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  page: AccountPageInput = {},
  now = new Date(),
): Promise<{ data: (CustomerBooking & { manage_token: string | null })[]; next_cursor: string | null }> {
  const limit = Math.min(page.limit ?? ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT);
  const found = await bookings.listBookingPageOfUser(deps.db, userId, limit + 1, page.cursor ? decodeCursor(page.cursor) : undefined);
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const names = new Map((await types.listBookingTypes(deps.db, { activeOnly: false })).map((t) => [t.id, t.name]));
  // The account is proof enough to open its own bookings' manage pages: the same link the mail gave.
  return {
    data: rows.map((row) => ({
      ...presentCustomerBooking(row, names.get(row.booking_type_id) ?? '', settings.change_cutoff_hours, now),
      manage_token: currentManageToken(deps.config.appKeys, row),
    })),
    next_cursor: found.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}
