/**
 * The shop's blocked times (admin, paths marked A) and the bookings a closure or a blocked time
 * clashes with: listed before saving, then kept or cancelled with a mail to each customer.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { AdminBooking, BlockedTime } from '#shared/schemas/bookings.ts';
import type { BlockedTimeInput } from '#shared/schemas/booking-inputs.ts';
import { LIST_CAPS } from '#shared/limits.ts';
import * as blockedRepo from './blocked-times.repository.ts';
import * as bookings from './bookings.repository.ts';
import { presentAdminBooking, presentBlockedTime } from './booking-presenter.ts';
import { cancelBookingIn, dayRange, typeNames, type AdminDeps } from './booking-admin.service.ts';

export async function listBlockedTimes(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<{ data: BlockedTime[] }> {
  return { data: (await blockedRepo.listBlockedTimesFrom(deps.db, now)).map(presentBlockedTime) };
}

/** The bookings a closure (whole days) or a blocked time (a day's hours) would clash with, listed before saving. */
export async function findClashes(
  deps: Pick<AppDeps, 'db' | 'publicContent'>,
  input: { from_date: string; to_date: string; from_time?: string | undefined; to_time?: string | undefined },
): Promise<{ data: AdminBooking[]; more: boolean }> {
  const { start, end } = await dayRange(deps, input.from_date, input.to_date, input.from_time, input.to_time);
  const names = await typeNames(deps);
  const rows = await bookings.findBookedOverlapping(deps.db, start, end, LIST_CAPS.clashesListed + 1);
  return {
    data: rows.slice(0, LIST_CAPS.clashesListed).map((r) => presentAdminBooking(r, names.get(r.booking_type_id) ?? '')),
    more: rows.length > LIST_CAPS.clashesListed,
  };
}

/** Cancels the bookings a closure clashes with, each customer mailed the reason (after the admin saw the list). */
export async function cancelClashing(
  deps: AdminDeps,
  input: { from_date: string; to_date: string; from_time?: string | undefined; to_time?: string | undefined; reason: string },
  now = new Date(),
): Promise<{ data: AdminBooking[] }> {
  const { start, end } = await dayRange(deps, input.from_date, input.to_date, input.from_time, input.to_time);
  const names = await typeNames(deps);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const out: bookings.BookingRow[] = [];
    for (const row of await bookings.findBookedOverlapping(trx, start, end))
      out.push(await cancelBookingIn(deps, trx, row, input.reason, now));
    return out;
  });
  return { data: cancelled.map((r) => presentAdminBooking(r, names.get(r.booking_type_id) ?? '')) };
}

/**
 * Blocks a day's hours. The bookings it clashes with are cancelled and their customers told when
 * the admin chose so (`cancel_clashing`), otherwise kept; the answer lists them either way.
 */
export async function addBlockedTime(
  deps: AdminDeps,
  input: BlockedTimeInput,
  now = new Date(),
): Promise<{ blocked: BlockedTime; clashes: AdminBooking[] }> {
  const { start, end } = await dayRange(deps, input.date, input.date, input.from, input.to);
  const names = await typeNames(deps);
  const result = await deps.db.transaction().execute(async (trx) => {
    if ((await blockedRepo.countBlockedTimesFromUpTo(trx, now, LIST_CAPS.blockedTimesAhead)) >= LIST_CAPS.blockedTimesAhead)
      throw AppError.field('date', `At most ${LIST_CAPS.blockedTimesAhead} blocked times can be ahead: remove some first.`);
    const blocked = await blockedRepo.insertBlockedTime(trx, { starts_at: start, ends_at: end, note: input.note });
    const clashing = await bookings.findBookedOverlapping(trx, start, end);
    const reason = `The shop is not available then${input.note ? ` (${input.note})` : ''}. We are sorry: please book another time.`;
    const rows: bookings.BookingRow[] = [];
    for (const row of clashing) rows.push(input.cancel_clashing ? await cancelBookingIn(deps, trx, row, reason, now) : row);
    return { blocked, rows };
  });
  return {
    blocked: presentBlockedTime(result.blocked),
    clashes: result.rows.map((r) => presentAdminBooking(r, names.get(r.booking_type_id) ?? '')),
  };
}

export async function deleteBlockedTime(deps: Pick<AppDeps, 'db'>, id: number): Promise<void> {
  if (!(await blockedRepo.deleteBlockedTime(deps.db, id))) throw AppError.notFound();
}
