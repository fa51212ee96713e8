/**
 * The slot engine: which times a type of booking can start at, day by day, from the shop record's
 * opening hours and closures, the blocked times and what is already booked. Pure: no database, no
 * clock of its own (the caller passes `now`), so it is tested directly, through clock changes.
 *
 * Wall-clock times are the shop's (its `timeZone`): a slot is made as "10:20 on 28 March in
 * Europe/London" with @date-fns/tz and only then turned into an instant, so a booking on the day
 * the clocks change is at the hour the customer picked. A slot whose wall-clock time does not exist
 * that day (inside the spring-forward gap) is not offered.
 *
 * Slots of a type run from the start of each opening range in steps of the type's duration, each
 * ending by the range's close. A slot's places are counted the way a booking takes one
 * (booking-places.service.ts): a place is free when no booking holds any minute of the slot on it,
 * whatever grid that booking was made on (docs/decisions/booking-capacity-by-time-buckets.md), so
 * the list never offers a time the booking then refuses.
 *
 * UK bank holidays (bank-holidays.ts) come in as `closedDays`: closed like a closure unless the
 * shop opened the day (docs/decisions/uk-bank-holidays-from-a-library.md).
 */
import type { Shop } from '#shared/schemas/shop.ts';
import { closureOn } from '#shared/opening-status.ts';
import { addDays, daysFrom, eachDay, localMoment, minutesOf, timeOfMinutes, wallClockInstant, weekdayOf } from '#shared/calendar-date.ts';
import { BOOKING_AVAILABILITY_MAX_DAYS, BOOKING_HORIZON_MAX_DAYS } from '#shared/limits.ts';

export type ShopHours = Pick<Shop, 'openingHours' | 'closures' | 'timeZone'>;

export interface SlotType {
  durationMinutes: number;
  capacity: number;
}

export interface SlotSettings {
  /** 0: later today; 1: the next working day; n: the n-th working day after today. */
  earliestWorkingDays: number;
  /** The last day offered is today plus this many days. */
  horizonDays: number;
  /** Hours before its start after which a booking can no longer be changed online (0: none). */
  changeCutoffHours?: number;
}

/** A place a booking holds over [startsAt, endsAt), from its minutes in booking_time_buckets. */
export interface TakenPlace {
  place: number;
  startsAt: Date;
  endsAt: Date;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot {
  /** The instant (ISO, UTC). */
  startsAt: string;
  endsAt: string;
  /** The wall-clock time at the shop, "10:20". */
  time: string;
  /** Places left (0 when full). */
  free: number;
  /** False when the slot is already inside the change cut-off: booked, it cannot be changed online. */
  changeableOnline: boolean;
}

/** closed: no opening hours, a closure or out of the bookable range; full: slots, none free; open: a free slot. */
export type DayStatus = 'open' | 'full' | 'closed';

export interface Day {
  /** The shop's calendar date, YYYY-MM-DD. */
  date: string;
  status: DayStatus;
  slots: Slot[];
}

export interface SlotInputs {
  shop: ShopHours;
  type: SlotType;
  settings: SlotSettings;
  blocked: Interval[];
  /** The places bookings hold around the days asked for (any grid, any length). */
  taken: TakenPlace[];
  /** Days closed on top of the shop's closures: the bank holidays the shop has not opened (date → name). */
  closedDays?: ClosedDays;
  now: Date;
}

/** Dates (YYYY-MM-DD) closed for booking: a set, or a map to the bank holiday's name. */
export type ClosedDays = ReadonlySet<string> | ReadonlyMap<string, string>;

const NO_DAYS: ClosedDays = new Set();

/** A day the shop opens: some hours that weekday, no closure and not a closed bank holiday. */
export function isWorkingDay(shop: ShopHours, date: string, closedDays: ClosedDays = NO_DAYS): boolean {
  return !closedDays.has(date) && !closureOn(shop.closures, date) && shop.openingHours[weekdayOf(date)].length > 0;
}

/** The first and last dates a customer may book, at `now`. */
export function bookableRange(
  shop: ShopHours,
  settings: SlotSettings,
  now: Date,
  closedDays: ClosedDays = NO_DAYS,
): { first: string; last: string } {
  const today = localMoment(now, shop.timeZone).date;
  let first = today;
  for (let found = 0, offset = 1; found < settings.earliestWorkingDays && offset < 400; offset++) {
    const date = addDays(today, offset);
    if (isWorkingDay(shop, date, closedDays)) {
      found++;
      first = date;
    }
  }
  return { first, last: addDays(today, settings.horizonDays) };
}

const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

const DAY_MS = 86_400_000;
const dayKey = (d: Date) => Math.floor(d.getTime() / DAY_MS);

/** The taken places by the UTC day they start on, so a slot looks only at its own and the day before (a booking is at most 8 hours). */
function takenByDay(taken: TakenPlace[]): Map<number, TakenPlace[]> {
  const byDay = new Map<number, TakenPlace[]>();
  for (const t of taken) {
    const key = dayKey(t.startsAt);
    const list = byDay.get(key);
    if (list) list.push(t);
    else byDay.set(key, [t]);
  }
  return byDay;
}

/** Places 1..capacity with no minute of `slot` held: the ones takePlace could still take. */
function freePlaces(byDay: Map<number, TakenPlace[]>, capacity: number, slot: Interval): number {
  const held = new Set<number>();
  for (let key = dayKey(slot.startsAt) - 1; key <= dayKey(slot.endsAt); key++) {
    for (const t of byDay.get(key) ?? []) if (t.place <= capacity && overlaps(t, slot)) held.add(t.place);
  }
  return capacity - held.size;
}

/** Every slot start of the grid on `date` (before blocked times, bookings or the range). */
export function gridSlots(shop: ShopHours, type: SlotType, date: string, closedDays: ClosedDays = NO_DAYS): Interval[] {
  if (closedDays.has(date) || closureOn(shop.closures, date)) return [];
  const slots: Interval[] = [];
  for (const range of shop.openingHours[weekdayOf(date)]) {
    const close = minutesOf(range.closes);
    for (let start = minutesOf(range.opens); start + type.durationMinutes <= close; start += type.durationMinutes) {
      const startsAt = wallClockInstant(date, start, shop.timeZone);
      if (!startsAt) continue;
      slots.push({ startsAt, endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000) });
    }
  }
  return slots;
}

/** The days from `from` to `to` (inclusive, the shop's dates), each with its slots and status. */
export function daysBetween(inputs: SlotInputs, from: string, to: string): Day[] {
  const { shop, type, settings, blocked, now } = inputs;
  const closedDays = inputs.closedDays ?? NO_DAYS;
  const range = bookableRange(shop, settings, now, closedDays);
  const byDay = takenByDay(inputs.taken);
  const cutoffMs = (settings.changeCutoffHours ?? 0) * 3_600_000;
  const days: Day[] = [];
  // Counted, never compared as text (calendar-date.ts): the span is bounded by the input's schema.
  for (const date of eachDay(from, to, BOOKING_AVAILABILITY_MAX_DAYS)) {
    if (date < range.first || date > range.last) {
      days.push({ date, status: 'closed', slots: [] });
      continue;
    }
    const slots: Slot[] = gridSlots(shop, type, date, closedDays)
      .filter((slot) => slot.startsAt > now && !blocked.some((b) => overlaps(b, slot)))
      .map((slot) => {
        const startsAt = slot.startsAt.toISOString();
        const local = localMoment(slot.startsAt, shop.timeZone);
        return {
          startsAt,
          endsAt: slot.endsAt.toISOString(),
          time: timeOfMinutes(local.minutes),
          free: freePlaces(byDay, type.capacity, slot),
          changeableOnline: slot.startsAt.getTime() - cutoffMs > now.getTime(),
        };
      });
    const status: DayStatus = slots.length === 0 ? 'closed' : slots.some((s) => s.free > 0) ? 'open' : 'full';
    days.push({ date, status, slots });
  }
  return days;
}

/** Why a start time cannot be booked (the 422's message), or null when it can, places aside. */
export type SlotRefusal = 'past' | 'out-of-range' | 'closed' | 'outside-hours' | 'full';

/** Checks one start instant against the rules; `free` is the places left when it can be booked. */
export function checkSlot(inputs: SlotInputs, startsAt: Date): { refusal: SlotRefusal } | { slot: Slot } {
  const { shop, now } = inputs;
  if (startsAt <= now) return { refusal: 'past' };
  const date = localMoment(startsAt, shop.timeZone).date;
  const range = bookableRange(shop, inputs.settings, now, inputs.closedDays);
  if (date < range.first || date > range.last) return { refusal: 'out-of-range' };
  if (!isWorkingDay(shop, date, inputs.closedDays)) return { refusal: 'closed' };
  const day = daysBetween(inputs, date, date)[0]!;
  const slot = day.slots.find((s) => s.startsAt === startsAt.toISOString());
  if (!slot) return { refusal: 'outside-hours' };
  if (slot.free <= 0) return { refusal: 'full' };
  return { slot };
}

/** The next `count` free slots from `now` within the bookable range (the 409's suggestions, the home page's line). */
export function nextFreeSlots(inputs: SlotInputs, count: number): Slot[] {
  const range = bookableRange(inputs.shop, inputs.settings, inputs.now, inputs.closedDays);
  const found: Slot[] = [];
  const days = Math.min(daysFrom(range.first, range.last) + 1, BOOKING_HORIZON_MAX_DAYS + 1);
  for (let offset = 0; offset < days && found.length < count; offset++) {
    const date = addDays(range.first, offset);
    for (const slot of daysBetween(inputs, date, date)[0]!.slots) {
      if (slot.free > 0) found.push(slot);
      if (found.length >= count) break;
    }
  }
  return found;
}
