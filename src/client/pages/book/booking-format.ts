/** How the booking screens write a day and a time: always at the shop (its time zone), en-GB, through format/dates.ts. */
import { formatCalendarDate, formatCalendarWeekday, formatTime } from '#shared/format/dates.ts';
import { localMoment } from '#shared/calendar-date.ts';

export { addDays } from '#shared/calendar-date.ts';

/** "Monday 30 November". */
export function dayLabel(date: string): string {
  return `${formatCalendarWeekday(date)} ${formatCalendarDate(date, { year: false })}`;
}

/** "Mon 30 Nov", for the day buttons. */
export function shortDayLabel(date: string): { weekday: string; day: string } {
  return { weekday: formatCalendarWeekday(date, { style: 'short' }), day: formatCalendarDate(date, { year: false, month: 'short' }) };
}

/** "Monday 30 November 2026, 10:20 to 10:40" at the shop. */
export function whenLabel(startsAt: string, endsAt: string, timeZone: string): string {
  const date = shopDate(new Date(startsAt), timeZone);
  return `${dayLabel(date)} ${date.slice(0, 4)}, ${formatTime(startsAt, { timeZone })} to ${formatTime(endsAt, { timeZone })}`;
}

/** The shop's calendar date of a moment, YYYY-MM-DD. */
export function shopDate(moment: Date, timeZone: string): string {
  return localMoment(moment, timeZone).date;
}
