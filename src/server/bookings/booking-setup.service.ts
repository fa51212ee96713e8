/**
 * The shop's booking setup (admin, paths marked A): the types a customer can book (add, change,
 * switch off or on) and the settings (earliest booking, how far ahead, the change cut-off).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { AdminBookingType, BookingSettings } from '#shared/schemas/bookings.ts';
import type { BookingSettingsInput, BookingTypeInput, BookingTypeUpdateInput } from '#shared/schemas/booking-inputs.ts';
import { LIST_CAPS } from '#shared/limits.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import { presentAdminBookingType } from './booking-presenter.ts';

export async function listAllBookingTypes(deps: Pick<AppDeps, 'db'>): Promise<{ data: AdminBookingType[] }> {
  return { data: (await types.listBookingTypes(deps.db, { activeOnly: false })).map(presentAdminBookingType) };
}

export async function createBookingType(deps: Pick<AppDeps, 'db'>, input: BookingTypeInput): Promise<AdminBookingType> {
  const all = await types.listBookingTypes(deps.db, { activeOnly: false });
  if (all.length >= LIST_CAPS.bookingTypes)
    throw AppError.field('name', `The shop can offer at most ${LIST_CAPS.bookingTypes} booking types: remove one you no longer use first.`);
  const position = Math.max(0, ...all.map((t) => t.position)) + 1;
  return presentAdminBookingType(await types.insertBookingType(deps.db, { ...input, position }));
}

export async function updateBookingType(deps: Pick<AppDeps, 'db'>, input: BookingTypeUpdateInput): Promise<AdminBookingType> {
  const { id, ...values } = input;
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const row = await types.updateBookingType(deps.db, id, changes);
  if (!row) throw AppError.notFound();
  return presentAdminBookingType(row);
}

export async function getBookingSettings(deps: Pick<AppDeps, 'db'>): Promise<BookingSettings> {
  const row = await settingsRepo.findBookingSettings(deps.db);
  return {
    earliest_working_days: row.earliest_working_days,
    horizon_days: row.horizon_days,
    change_cutoff_hours: row.change_cutoff_hours,
    bank_holiday_region: row.bank_holiday_region,
  };
}

export async function updateBookingSettings(deps: Pick<AppDeps, 'db'>, input: BookingSettingsInput): Promise<BookingSettings> {
  const { bank_holiday_region, ...rest } = input;
  await settingsRepo.updateBookingSettings(deps.db, bank_holiday_region ? { ...rest, bank_holiday_region } : rest);
  return getBookingSettings(deps);
}
