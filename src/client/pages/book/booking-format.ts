/** How the booking screens write a day and a time: always at the shop (its time zone), en-GB. */
import { formatCalendarDate, formatTime } from '#shared/format/dates.ts';

/** "Monday 30 November". */
export function dayLabel(date: string): string {
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return `${weekday} ${formatCalendarDate(date, { year: false })}`;
}

/** "Mon 30 Nov", for the day buttons. */
export function shortDayLabel(date: string): { weekday: string; day: string } {
  const moment = new Date(`${date}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(moment),
    day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(moment),
  };
}

/** "Monday 30 November 2026, 10:20 to 10:40" at the shop. */
export function whenLabel(startsAt: string, endsAt: string, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(startsAt));
  return `${dayLabel(date)} ${date.slice(0, 4)}, ${formatTime(startsAt, { timeZone })} to ${formatTime(endsAt, { timeZone })}`;
}

/** The shop's calendar date of a moment, YYYY-MM-DD. */
export function shopDate(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
