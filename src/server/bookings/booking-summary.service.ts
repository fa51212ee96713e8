/**
 * What every visitor reads about booking, built into the public snapshot (loadPublicContent): the
 * types switched on and the next free slot of the first type ("Next free estimate: Thursday
 * 10:20"). Booking writes say `changesPublicContent` so it follows the bookings; the hourly
 * refresh-booking-summary job moves it on as time passes.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import type { BookingSummary } from '#shared/schemas/bookings.ts';
import { formatCalendarDate, formatTime, formatWeekday } from '#shared/format/dates.ts';
import { addDays, localMoment } from '#shared/calendar-date.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import { nextFreeSlots } from './slot-engine.ts';
import { slotInputsFor } from './bookings.service.ts';

/** "Thursday 10:20" within six days, "Thursday 3 December, 10:20" further on. */
export function nextFreeLabel(startsAt: Date, now: Date, timeZone: string): string {
  const date = localMoment(startsAt, timeZone).date;
  const today = localMoment(now, timeZone).date;
  const weekday = formatWeekday(startsAt, { timeZone });
  const time = formatTime(startsAt, { timeZone });
  return date <= addDays(today, 6) ? `${weekday} ${time}` : `${weekday} ${formatCalendarDate(date, { year: false })}, ${time}`;
}

export async function loadBookingSummary(deps: Pick<AppDeps, 'db'>, shop: Shop, now = new Date()): Promise<BookingSummary> {
  const active = await types.listBookingTypes(deps.db, { activeOnly: true });
  const presented = active.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.duration_minutes,
    capacity: row.capacity,
    asks_location: row.asks_location,
  }));
  const first = active[0];
  if (!first) return { types: presented, next_free_estimate: null };
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const today = localMoment(now, shop.timeZone).date;
  const [next] = nextFreeSlots(await slotInputsFor(deps.db, shop, first, settings, today, addDays(today, settings.horizon_days), now), 1);
  return {
    types: presented,
    next_free_estimate: next
      ? { type_id: first.id, starts_at: next.startsAt, label: nextFreeLabel(new Date(next.startsAt), now, shop.timeZone) }
      : null,
  };
}

/** From the snapshot (every visitor reads the same), or built from the database before the first build. */
export async function readBookingSummary(deps: Pick<AppDeps, 'db' | 'publicContent'>, shop: () => Promise<Shop>): Promise<BookingSummary> {
  return deps.publicContent.current()?.content.booking ?? loadBookingSummary(deps, await shop());
}
