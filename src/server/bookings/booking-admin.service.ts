/**
 * The shop's side of a booking (admin, paths marked A): the calendar, one booking's page, and each
 * booking's move, cancellation, attendance and the customer's change request. Moving keeps the
 * capacity rule (the place moves in the same transaction, booking_time_buckets); every change the
 * customer should know of is mailed with it. The setup is booking-setup.service.ts's, blocked
 * times and clashes blocked-times.service.ts's.
 */
import type { Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { ADMIN_BOOKINGS_MAX_LIMIT } from '#shared/schemas/booking-inputs.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { findRepairJobOfBooking, findRepairJobOfQuoteRequest } from '#server/repair-jobs/repair-jobs.repository.ts';
import { BOOKING_MESSAGES, type AdminBooking, type AdminBookingDetail, type BookingCounts } from '#shared/schemas/bookings.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import * as places from './booking-places.service.ts';
import * as bookings from './bookings.repository.ts';
import { checkSlot } from './slot-engine.ts';
import { addDays, localMoment, minutesOf, wallClockInstant } from '#shared/calendar-date.ts';
import { presentAdminBooking } from './booking-presenter.ts';
import { PlaceTaken, queueBookingMail, SLOT_REFUSAL_MESSAGES, slotInputsFor } from './bookings.service.ts';

export type AdminDeps = Pick<AppDeps, 'db' | 'jobs' | 'publicContent' | 'config'>;

export async function typeNames(deps: Pick<AppDeps, 'db'>): Promise<Map<number, string>> {
  return new Map((await types.listBookingTypes(deps.db, { activeOnly: false })).map((t) => [t.id, t.name]));
}

/** The shop's dates [from, to] as instants: from the start of `from` to the start of the day after `to`. */
export async function dayRange(deps: Pick<AppDeps, 'db' | 'publicContent'>, from: string, to: string, fromTime = '00:00', toTime?: string) {
  const { timeZone } = await readShop(deps);
  const start = wallClockInstant(from, minutesOf(fromTime), timeZone) ?? new Date(`${from}T00:00:00Z`);
  const end =
    toTime && toTime !== '24:00'
      ? (wallClockInstant(to, minutesOf(toTime), timeZone) ?? new Date(`${to}T${toTime}:00Z`))
      : (wallClockInstant(addDays(to, 1), 0, timeZone) ?? new Date(`${addDays(to, 1)}T00:00:00Z`));
  return { start, end, timeZone };
}

/** A page of the range's bookings by (starts_at, id), at most `limit` (ADMIN_BOOKINGS_MAX_LIMIT). */
export async function listBookingsBetween(
  deps: Pick<AppDeps, 'db' | 'publicContent'>,
  input: { from: string; to: string; limit?: number | undefined; cursor?: string | undefined },
): Promise<{ data: AdminBooking[]; next_cursor: string | null }> {
  const { start, end } = await dayRange(deps, input.from, input.to);
  const names = await typeNames(deps);
  const limit = input.limit ?? ADMIN_BOOKINGS_MAX_LIMIT;
  const rows = await bookings.listBookingPage(deps.db, start, end, limit + 1, input.cursor ? decodeCursor(input.cursor) : undefined);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => presentAdminBooking(r, names.get(r.booking_type_id) ?? '')),
    next_cursor: rows.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

/** One booking; opening it clears its "new" badge. */
export async function getAdminBooking(deps: Pick<AppDeps, 'db'>, id: number, now = new Date()): Promise<AdminBookingDetail> {
  let row = await bookings.findBooking(deps.db, id);
  if (!row) throw AppError.notFound();
  if (!row.seen_at) row = await bookings.updateBooking(deps.db, id, { seen_at: now });
  const job = await findRepairJobOfBooking(deps.db, id);
  const quoteJob = !job && row.quote_request_id !== null ? await findRepairJobOfQuoteRequest(deps.db, row.quote_request_id) : undefined;
  return {
    ...presentAdminBooking(row, (await typeNames(deps)).get(row.booking_type_id) ?? ''),
    repair_job: job ? { id: job.id, reference: job.reference } : null,
    quote_repair_job: quoteJob ? { id: quoteJob.id, reference: quoteJob.reference } : null,
  };
}

export async function countBookingsForBadge(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<BookingCounts> {
  return bookings.countForBadge(deps.db, now);
}

/** Cancels one booking in `trx`: its place is given back and the customer mailed with the reason. */
export async function cancelBookingIn(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Transaction<Database>,
  row: bookings.BookingRow,
  reason: string,
  now: Date,
) {
  await places.releasePlace(trx, row.id);
  const cancelled = await bookings.updateBooking(trx, row.id, {
    status: 'cancelled',
    cancelled_at: now,
    cancel_reason: reason,
    change_request: null,
  });
  await queueBookingMail(deps, trx, 'booking-cancelled', cancelled, { reason });
  return cancelled;
}

/**
 * The admin moves a booking to another slot of its type: any day the shop opens (the customer's
 * earliest-day and horizon rules do not bind the shop), within the hours, not blocked, with a place
 * free. The customer is mailed the new time with a new .ics; a change request is answered by it.
 */
export async function moveBooking(deps: AdminDeps, id: number, startsAtText: string, now = new Date()): Promise<AdminBooking> {
  const current = await bookings.findBooking(deps.db, id);
  if (!current) throw AppError.notFound();
  if (current.status !== 'booked') throw AppError.field('id', BOOKING_MESSAGES.notChangeable);
  const type = await types.findBookingType(deps.db, current.booking_type_id);
  if (!type) throw AppError.notFound();
  const startsAt = new Date(startsAtText);
  const shop = await readShop(deps);
  const date = localMoment(startsAt, shop.timeZone).date;
  const settings = await settingsRepo.findBookingSettings(deps.db);
  // The shop's own move: its own place does not stand in its way, and a bank holiday does not bind it
  // (the customer's earliest day and horizon do not either).
  const inputs = await slotInputsFor(deps.db, shop, type, settings, date, date, now, { exceptBookingId: id, bankHolidays: false });
  const checked = checkSlot({ ...inputs, settings: { earliestWorkingDays: 0, horizonDays: 366 } }, startsAt);
  if ('refusal' in checked) throw AppError.field('starts_at', SLOT_REFUSAL_MESSAGES[checked.refusal]);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const locked = await bookings.findBooking(trx, id, { lock: true });
      if (!locked || locked.status !== 'booked') throw AppError.field('id', BOOKING_MESSAGES.notChangeable);
      await places.releasePlace(trx, id);
      if ((await places.takePlace(trx, type, startsAt, new Date(startsAt.getTime() + type.duration_minutes * 60_000), id)) === null)
        throw new PlaceTaken();
      const moved = await bookings.updateBooking(trx, id, {
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + type.duration_minutes * 60_000),
        reminder_sent_at: null,
        morning_reminder_sent_at: null,
        change_request: null,
        change_requested_at: null,
      });
      await queueBookingMail(deps, trx, 'booking-changed', moved);
      return moved;
    });
    return presentAdminBooking(row, type.name);
  } catch (error) {
    if (error instanceof PlaceTaken) throw AppError.field('starts_at', BOOKING_MESSAGES.taken);
    throw error;
  }
}

export async function cancelBookingByAdmin(deps: AdminDeps, id: number, reason: string, now = new Date()): Promise<AdminBooking> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const locked = await bookings.findBooking(trx, id, { lock: true });
    if (!locked) throw AppError.notFound();
    if (locked.status !== 'booked') throw AppError.field('id', BOOKING_MESSAGES.notChangeable);
    return cancelBookingIn(deps, trx, locked, reason, now);
  });
  return presentAdminBooking(row, (await typeNames(deps)).get(row.booking_type_id) ?? '');
}

/** Attended or no-show once it has started; back to booked to undo. A cancelled booking stays cancelled. */
export async function markBooking(deps: Pick<AppDeps, 'db'>, id: number, status: 'attended' | 'no_show' | 'booked'): Promise<AdminBooking> {
  const row = await bookings.findBooking(deps.db, id);
  if (!row) throw AppError.notFound();
  if (row.status === 'cancelled') throw AppError.field('status', BOOKING_MESSAGES.notChangeable);
  const updated = await bookings.updateBooking(deps.db, id, { status });
  return presentAdminBooking(updated, (await typeNames(deps)).get(updated.booking_type_id) ?? '');
}

/** The customer's change request: accepted by moving the booking, or declined with a word to the customer. */
export async function decideChangeRequest(
  deps: AdminDeps,
  input: { id: number; accept: boolean; starts_at?: string | undefined; reason?: string | undefined },
  now = new Date(),
): Promise<AdminBooking> {
  const row = await bookings.findBooking(deps.db, input.id);
  if (!row) throw AppError.notFound();
  if (!row.change_request) throw AppError.field('id', 'This booking has no change request.');
  if (input.accept) {
    if (!input.starts_at) throw AppError.field('starts_at', 'Pick the new time to accept the change.');
    return moveBooking(deps, input.id, input.starts_at, now);
  }
  const declined = await deps.db.transaction().execute(async (trx) => {
    const updated = await bookings.updateBooking(trx, input.id, { change_request: null, change_requested_at: null });
    await queueBookingMail(deps, trx, 'booking-change-declined', updated, { reason: input.reason ?? 'We cannot make that change.' });
    return updated;
  });
  return presentAdminBooking(declined, (await typeNames(deps)).get(declined.booking_type_id) ?? '');
}
