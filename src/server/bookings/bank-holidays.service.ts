/**
 * UK bank holidays in booking: closed unless the shop opens one (docs/decisions/uk-bank-holidays-from-a-library.md).
 * The days come from the library for the region in the booking settings; the shop's "open anyway"
 * choices are rows of bank_holiday_openings. The admin lists the coming ones and opens or closes each.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { addDays, daysFrom, localMoment } from '#shared/calendar-date.ts';
import type { BankHolidayRegion } from '#shared/value-sets.ts';
import type { AdminBankHolidays } from '#shared/schemas/bookings.ts';
import { bankHolidaysBetween } from './bank-holidays.ts';
import * as openings from './bank-holiday-openings.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';

/** How far ahead the admin's list of bank holidays looks. */
export const BANK_HOLIDAYS_LIST_DAYS = 400;

/** The region's bank holidays within [from, to] the shop has not opened (date → name): closed for booking. */
export async function closedBankHolidays(
  db: Kysely<Database>,
  region: BankHolidayRegion,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const days = await bankHolidaysBetween(region, from, to);
  if (days.length === 0) return new Map();
  const opened = await openings.listOpenedBetween(db, from, to);
  return new Map(days.filter((d) => !opened.has(d.date)).map((d) => [d.date, d.name]));
}

/** The coming bank holidays of the shop's region (today on), each with whether the shop opens it. */
export async function listComingBankHolidays(deps: Pick<AppDeps, 'db' | 'publicContent'>, now = new Date()): Promise<AdminBankHolidays> {
  const today = localMoment(now, (await readShop(deps)).timeZone).date;
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const last = addDays(today, BANK_HOLIDAYS_LIST_DAYS);
  const days = await bankHolidaysBetween(settings.bank_holiday_region, today, last);
  const opened = await openings.listOpenedBetween(deps.db, today, last);
  return {
    region: settings.bank_holiday_region,
    data: days.map((d) => ({ date: d.date, name: d.name, open: opened.has(d.date) })),
  };
}

/** Opens a bank holiday for booking, or closes it again; a date that is not one of the region's is a 422. */
export async function setBankHolidayOpen(
  deps: Pick<AppDeps, 'db' | 'publicContent'>,
  input: { date: string; open: boolean },
  now = new Date(),
): Promise<AdminBankHolidays> {
  const settings = await settingsRepo.findBookingSettings(deps.db);
  const [holiday] = await bankHolidaysBetween(settings.bank_holiday_region, input.date, input.date);
  if (!holiday) throw AppError.field('date', 'That day is not a bank holiday where the shop is.');
  const today = localMoment(now, (await readShop(deps)).timeZone).date;
  if (daysFrom(today, input.date) < 0) throw AppError.field('date', 'That bank holiday has already passed.');
  if (input.open) await openings.openHoliday(deps.db, input.date);
  else await openings.closeHoliday(deps.db, input.date);
  return listComingBankHolidays(deps, now);
}
