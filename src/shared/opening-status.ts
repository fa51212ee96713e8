/**
 * Whether the shop is open at a moment, worded for visitors ("Open now, closes at 5pm",
 * "Closed, opens Monday at 9am"), and the weekly hours grouped for the footer. Times are written
 * by format/hours.ts, the one way the site writes opening hours. Pure functions of
 * the shop's record and the moment: the wall-clock day and time are read in the shop's own time
 * zone (calendar-date.ts), so a visitor abroad, the server's zone and the clock change do not matter.
 */
import type { Closure, OpeningHours, Shop } from '#shared/schemas/shop.ts';
import { WEEKDAYS, type Weekday } from '#shared/value-sets.ts';
import { addDays, localMoment, minutesOf, weekdayOf } from '#shared/calendar-date.ts';
import { formatCalendarDate } from '#shared/format/dates.ts';
import { formatDayHours, formatOpeningTime } from '#shared/format/hours.ts';

export interface OpeningStatus {
  isOpen: boolean;
  /** "Open now, closes at 5pm", "Closed, opens tomorrow at 9am", "Closed". */
  text: string;
  /** The note of a closure that covers today ("Christmas"), or null. */
  closureNote: string | null;
}

type ShopHours = Pick<Shop, 'openingHours' | 'closures' | 'timeZone'>;

/** How far ahead the next opening is looked for (a long closure still finds it). */
const LOOKAHEAD_DAYS = 400;

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export function dayName(day: Weekday): string {
  return DAY_NAMES[day];
}

// The shop's wall clock is calendar-date.ts's; read from here by the pages that show the hours.
export { localMoment };

/** The closure that covers `date`, if any (from and to are inclusive). */
export function closureOn(closures: Closure[], date: string): Closure | undefined {
  return closures.find((closure) => closure.from <= date && date <= closure.to);
}

function whenLabel(offset: number, date: string): string {
  if (offset === 0) return 'today';
  if (offset === 1) return 'tomorrow';
  const name = dayName(weekdayOf(date));
  return offset < 7 ? name : `${name} ${formatCalendarDate(date, { year: false })}`;
}

export function openingStatus(shop: ShopHours, now: Date): OpeningStatus {
  const today = localMoment(now, shop.timeZone);
  const closedToday = closureOn(shop.closures, today.date);
  const closureNote = closedToday ? closedToday.note || null : null;
  if (!closedToday) {
    const current = shop.openingHours[today.weekday].find(
      (range) => minutesOf(range.opens) <= today.minutes && today.minutes < minutesOf(range.closes),
    );
    if (current) return { isOpen: true, text: `Open now, closes at ${formatOpeningTime(current.closes)}`, closureNote: null };
  }
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset += 1) {
    const date = addDays(today.date, offset);
    if (closureOn(shop.closures, date)) continue;
    const ranges = shop.openingHours[weekdayOf(date)];
    const next = offset === 0 ? ranges.find((range) => minutesOf(range.opens) > today.minutes) : ranges[0];
    if (next) return { isOpen: false, text: `Closed, opens ${whenLabel(offset, date)} at ${formatOpeningTime(next.opens)}`, closureNote };
  }
  return { isOpen: false, text: 'Closed', closureNote };
}

export interface OpeningHoursLine {
  /** "Monday to Friday", "Saturday", "Saturday and Sunday". */
  days: string;
  /** "9am to 5pm", "9am to 12:30pm, 1:30pm to 5pm", "Closed" (formatDayHours). */
  hours: string;
}

/** The week in lines, consecutive days with the same hours together (the footer's summary). */
export function openingHoursLines(openingHours: OpeningHours): OpeningHoursLine[] {
  const lines: { first: Weekday; last: Weekday; count: number; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const hours = formatDayHours(openingHours[day]);
    const previous = lines.at(-1);
    if (previous && previous.hours === hours) {
      previous.last = day;
      previous.count += 1;
    } else lines.push({ first: day, last: day, count: 1, hours });
  }
  return lines.map(({ first, last, count, hours }) => ({
    days: count === 1 ? dayName(first) : `${dayName(first)} ${count === 2 ? 'and' : 'to'} ${dayName(last)}`,
    hours,
  }));
}
