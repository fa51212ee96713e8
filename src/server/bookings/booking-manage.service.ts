/**
 * The private manage link (manage-link.ts): the booking it opens, and what its customer may do
 * there: before the cut-off move it to another free slot or cancel it, after it ask the shop for a
 * change.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { bookingEvent, notifyShop } from '#server/notifications/notifications.service.ts';
import { BOOKING_CHANGE_REQUESTS_PER_LINK_PER_DAY, MANAGE_LINK_DAYS_AFTER_VISIT } from '#shared/limits.ts';
import { BOOKING_MESSAGES, BOOKING_NEXT_SLOTS_COUNT, type CustomerBooking } from '#shared/schemas/bookings.ts';
import { localMoment } from '#shared/calendar-date.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import * as places from './booking-places.service.ts';
import * as bookings from './bookings.repository.ts';
import { checkSlot } from './slot-engine.ts';
import { hashManageToken } from './manage-link.ts';
import { changeUntil, presentCustomerBooking } from './booking-presenter.ts';
import { nextFree, PlaceTaken, queueBookingMail, SLOT_REFUSAL_MESSAGES, slotInputs, slotTaken } from './bookings.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'log' | 'publicContent' | 'rateLimiter'>;

const CHANGE_REQUEST_LIMIT = { limit: BOOKING_CHANGE_REQUESTS_PER_LINK_PER_DAY, windowSeconds: 24 * 60 * 60 } as const;

/**
 * The booking a manage link opens. A cancelled booking's link, or one whose visit ended more than
 * MANAGE_LINK_DAYS_AFTER_VISIT ago, answers as a link that opens nothing: an old mail in someone
 * else's hands shows no one's booking.
 */
export async function bookingByToken(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  db: AppDeps['db'] = deps.db,
  lock = false,
  now = new Date(),
) {
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
  if ('refusal' in checked) throw AppError.field('starts_at', SLOT_REFUSAL_MESSAGES[checked.refusal]);
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const locked = await bookings.findBooking(trx, current.id, { lock: true });
      if (!locked) throw AppError.notFound();
      assertChangeable(locked, settings.change_cutoff_hours, now);
      await places.releasePlace(trx, locked.id);
      if ((await places.takePlace(trx, type, startsAt, new Date(startsAt.getTime() + type.duration_minutes * 60_000), locked.id)) === null)
        throw new PlaceTaken();
      const moved = await bookings.updateBooking(trx, locked.id, {
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + type.duration_minutes * 60_000),
        reminder_sent_at: null,
        morning_reminder_sent_at: null,
      });
      await queueBookingMail(deps, trx, 'booking-changed', moved);
      await notifyShop(deps, trx, bookingEvent('booking-moved', moved));
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
    await notifyShop(deps, trx, bookingEvent('booking-cancelled', cancelled));
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
  const updated = await deps.db.transaction().execute(async (trx) => {
    const changed = await bookings.updateBooking(trx, row.id, { change_request: message, change_requested_at: now, seen_at: null });
    await notifyShop(deps, trx, bookingEvent('change-requested', changed));
    return changed;
  });
  const settings = await settingsRepo.findBookingSettings(deps.db);
  return presentCustomerBooking(updated, await typeName(deps, row.booking_type_id), settings.change_cutoff_hours, now);
}

/** The booking a manage link opens now (404 otherwise), for the other doors it opens (the booking's messages). */
export function findManagedBookingRow(deps: Pick<AppDeps, 'db'>, token: string): Promise<bookings.BookingRow> {
  return bookingByToken(deps, token);
}
