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
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'time', format: DateFormat): Intl.DateTimeFormat {
  const locale = format.locale ?? DEFAULT_LOCALE;
  const timeZone = format.timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${kind}|${locale}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      locale,
      kind === 'date' ? { day: 'numeric', month: 'long', year: 'numeric', timeZone } : { hour: '2-digit', minute: '2-digit', timeZone },
    );
    formatters.set(key, found);
  }
  return found;
}

/** "16 November 2026": the calendar day at the shop (a moment at 00:30 BST is the next day's). '' when not a date. */
export function formatDate(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? formatter('date', format).format(date) : '';
}

/** "14:05" at the shop (24-hour in en-GB). '' when not a date. */
export function formatTime(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? formatter('time', format).format(date) : '';
}

/** "16 November 2026, 14:05". '' when not a date. */
export function formatDateTime(value: Moment, format: DateFormat = {}): string {
  const date = toDate(value);
  return date ? `${formatDate(date, format)}, ${formatTime(date, format)}` : '';
}

/**
 * A calendar date with no time of day ("2026-12-25", a closure): "25 December 2026" whatever the
 * zone, since it names the day itself, not a moment. '' when not YYYY-MM-DD.
 */
export function formatCalendarDate(date: string, format: Pick<DateFormat, 'locale'> & { year?: boolean } = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const moment = new Date(`${date}T12:00:00Z`);
  if (format.year !== false) return formatDate(moment, { locale: format.locale, timeZone: 'UTC' });
  // "7 December": the next opening within the year ("Closed, opens Monday 7 December at 9am").
  return new Intl.DateTimeFormat(format.locale ?? DEFAULT_LOCALE, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(moment);
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
