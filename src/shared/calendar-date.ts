/**
 * Calendar dates (YYYY-MM-DD, a day with no time of its own) and the shop's wall clock: the one
 * module the opening hours (opening-status.ts), the slot engine and every service that walks days
 * use. Pure, no clock of its own.
 *
 * A loop over days counts them (`daysFrom`, `eachDay`) and never compares date strings: past
 * 9999-12-31 an ISO date is written "+010000-01-01", which sorts before "9999", so a loop "while
 * date <= to" would never end (docs/decisions/one-way-to-write-dates-and-hours.md). The dates a
 * person may send are bounded anyway (CALENDAR_YEARS, src/shared/schemas/dates.ts).
 */
import { TZDate } from '@date-fns/tz';
import { WEEKDAYS, type Weekday } from '#shared/value-sets.ts';

/** The years a date field accepts: what PostgreSQL, PGlite, JavaScript's Date and ISO text all hold alike. */
export const CALENDAR_YEARS = { min: 1900, max: 2200 } as const;

const DAY_MS = 86_400_000;

/** YYYY-MM-DD naming a real day (2026-02-30 and 2026-13-01 are not; an Invalid Date never reaches toISOString, which throws). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().split('T')[0]!;
}

/** How many days `to` is after `from` (negative when before). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The dates from `from` to `to` inclusive, at most `limit` of them: counted, so it ends whatever the input. */
export function eachDay(from: string, to: string, limit: number): string[] {
  const count = Math.min(daysFrom(from, to) + 1, limit);
  return Array.from({ length: Math.max(0, count) }, (_, offset) => addDays(from, offset));
}

/** The weekday of a calendar date, whatever the zone. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Minutes since midnight of a 24-hour "HH:MM" ("09:30" → 570). */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** "HH:MM" of minutes since midnight (570 → "09:30"). */
export function timeOfMinutes(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The shop's local calendar date, weekday and minutes since midnight at `now`, read in its own time zone. */
export function localMoment(now: Date, timeZone: string): { date: string; weekday: Weekday; minutes: number } {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(now).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant of a wall-clock time at the shop, or null when that time does not exist that day (spring forward). */
export function wallClockInstant(date: string, minutes: number, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const instant = new Date(new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, 0, timeZone).getTime());
  const back = localMoment(instant, timeZone);
  return back.date === date && back.minutes === minutes ? instant : null;
}
