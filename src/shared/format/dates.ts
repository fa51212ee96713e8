/**
 * How every date and time a person reads is written, on the server (pages, e-mails) and in the
 * browser: "16 November 2026", "16 November 2026, 14:05", "14:05". One module so the server's
 * HTML and the browser's first render agree to the character (hydration).
 *
 * The rule for the language (docs/decisions/one-way-to-write-dates-and-hours.md):
 * - The locale is British English (en-GB) unless told otherwise. The server always writes en-GB,
 *   and so does the browser's first render of any page (client/lib/format-date.ts).
 * - Once the page is live, a visitor whose browser prefers another English (en-US, en-IE, en-AU…)
 *   gets that English's order ("November 16, 2026"); any other language keeps en-GB, because the
 *   words around the dates are English (`displayLocale`).
 * - The time zone is always the shop's (its record's `timeZone`, default Europe/London), never the
 *   visitor's: "received at 14:05" means 14:05 at the shop, whoever reads it and wherever.
 */
import { DEFAULT_TIME_ZONE } from '#shared/value-sets.ts';

export const DEFAULT_LOCALE = 'en-GB';

export interface DateFormat {
  /** A BCP 47 tag; default en-GB. */
  locale?: string;
  /** An IANA time zone; default the shop's default, Europe/London. */
  timeZone?: string;
}

type Moment = Date | string | number;

function toDate(value: Moment): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Intl.DateTimeFormat is slow to build and every list row formats a date: one per option set.
// The only place in the code that makes one for a date a person reads.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, format: DateFormat): Intl.DateTimeFormat {
  const locale = format.locale ?? DEFAULT_LOCALE;
  const timeZone = format.timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** "16 November 2026": the calendar day at the shop (a moment at 00:30 BST is the next day's). '' when not a date. */
export function formatDate(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? formatter(DATE, format).format(date) : '';
}

/** "14:05" at the shop (24-hour in en-GB). '' when not a date. */
export function formatTime(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? formatter(TIME, format).format(date) : '';
}

/** "16 November 2026, 14:05". '' when not a date. */
export function formatDateTime(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? `${formatDate(date, format)}, ${formatTime(date, format)}` : '';
}

/** "Thursday" ("Thu" short) at the shop. '' when not a date. */
export function formatWeekday(value: Moment, format: DateFormat & { style?: 'long' | 'short' } = {}): string {
  const date = toDate(value);
  return date ? formatter({ weekday: format.style ?? 'long' }, format).format(date) : '';
}

/** "Thursday 3 December 2026" at the shop (a booking's day in its mails). '' when not a date. */
export function formatWeekdayDate(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? `${formatWeekday(date, format)} ${formatDate(date, format)}` : '';
}

type CalendarFormat = Pick<DateFormat, 'locale'> & { year?: boolean; month?: 'long' | 'short' };

/**
 * A calendar date with no time of day ("2026-12-25", a closure): "25 December 2026" whatever the
 * zone, since it names the day itself, not a moment; without the year "25 December" (the next
 * opening within the year), with a short month "25 Dec" (the booking form's day buttons). '' when
 * not YYYY-MM-DD.
 */
export function formatCalendarDate(date: string, format: CalendarFormat = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: format.month ?? 'long' };
  if (format.year !== false) options.year = 'numeric';
  return formatter(options, { locale: format.locale, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** The month of a calendar date, "December 2026" (a calendar's heading), whatever the zone. '' when not YYYY-MM-DD. */
export function formatCalendarMonth(date: string, format: Pick<DateFormat, 'locale'> = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  return formatter({ month: 'long', year: 'numeric' }, { locale: format.locale, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** The weekday of a calendar date, "Monday" ("Mon" short), whatever the zone. '' when not YYYY-MM-DD. */
export function formatCalendarWeekday(date: string, format: Pick<DateFormat, 'locale'> & { style?: 'long' | 'short' } = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  return formatWeekday(`${date}T12:00:00Z`, { ...format, timeZone: 'UTC' });
}

/** "25 December 2026", or "24 December 2026 to 2 January 2027" for an inclusive range of calendar dates. */
export function formatCalendarRange(from: string, to: string, format: Pick<DateFormat, 'locale'> = {}): string {
  return from === to ? formatCalendarDate(from, format) : `${formatCalendarDate(from, format)} to ${formatCalendarDate(to, format)}`;
}

/**
 * The locale to write dates in for a browser's languages (navigator.languages): its first English
 * if that comes before any other language, else en-GB (see the rule at the top).
 */
export function displayLocale(languages: readonly string[]): string {
  const first = languages[0];
  if (!first || !/^en(?:-|$)/i.test(first)) return DEFAULT_LOCALE;
  try {
    const [supported] = Intl.DateTimeFormat.supportedLocalesOf([first]);
    // A bare "en" is American English to Intl: the shop is British, so "en" means en-GB here.
    return supported && supported.toLowerCase() !== 'en' ? supported : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
