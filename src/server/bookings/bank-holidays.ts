/**
 * UK bank holidays for the shop's region, from the date-holidays library (England and Wales,
 * Scotland and Northern Ireland are GB subdivisions there, substitute days included), so nobody types
 * them in each year (docs/decisions/uk-bank-holidays-from-a-library.md). The library carries every
 * country's rules, so it is imported the first time a holiday is asked for, not at start-up; each
 * region's years are worked out once per process.
 */
import type { BankHolidayRegion } from '#shared/value-sets.ts';

export interface BankHoliday {
  /** The calendar date, YYYY-MM-DD. */
  date: string;
  name: string;
}

const SUBDIVISIONS: Record<BankHolidayRegion, string> = {
  'england-and-wales': 'ENG',
  scotland: 'SCT',
  'northern-ireland': 'NIR',
};

type HolidayCalendar = { getHolidays: (year: number) => { date: string; name: string; type: string }[] };

const calendars = new Map<BankHolidayRegion, Promise<HolidayCalendar>>();
const years = new Map<string, BankHoliday[]>();

function calendarOf(region: BankHolidayRegion): Promise<HolidayCalendar> {
  let found = calendars.get(region);
  if (!found) {
    found = import('date-holidays').then(({ default: Holidays }) => new Holidays('GB', SUBDIVISIONS[region]) as HolidayCalendar);
    calendars.set(region, found);
  }
  return found;
}

/** The region's bank holidays in one year, in date order ("public" and "bank" days; not observances such as Mother's Day). */
async function holidaysOfYear(region: BankHolidayRegion, year: number): Promise<BankHoliday[]> {
  const key = `${region}:${year}`;
  const cached = years.get(key);
  if (cached) return cached;
  const calendar = await calendarOf(region);
  const days = calendar
    .getHolidays(year)
    .filter((h) => h.type === 'public' || h.type === 'bank')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
  years.set(key, days);
  return days;
}

/** The region's bank holidays from `from` to `to` (YYYY-MM-DD, inclusive), in date order. */
export async function bankHolidaysBetween(region: BankHolidayRegion, from: string, to: string): Promise<BankHoliday[]> {
  const out: BankHoliday[] = [];
  // At most a few years: the callers' ranges are bounded by the booking horizon.
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const day of await holidaysOfYear(region, year)) if (day.date >= from && day.date <= to) out.push(day);
  }
  return out;
}
