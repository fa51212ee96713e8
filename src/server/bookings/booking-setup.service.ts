/**
 * The shop's booking setup (admin, paths marked A): the types a customer can book (add, change,
 * switch off or on) and the settings (earliest booking, how far ahead, the change cut-off).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { BOOKING_MESSAGES, type AdminBookingType, type BookingSettings } from '#shared/schemas/bookings.ts';
import type { BookingSettingsInput, BookingTypeInput, BookingTypeUpdateInput } from '#shared/schemas/booking-inputs.ts';
import { LIST_CAPS } from '#shared/limits.ts';
import * as types from './booking-types.repository.ts';
import * as settingsRepo from './booking-settings.repository.ts';
import { presentAdminBookingType } from './booking-presenter.ts';

export async function listAllBookingTypes(deps: Pick<AppDeps, 'db'>): Promise<{ data: AdminBookingType[] }> {
  return { data: (await types.listBookingTypes(deps.db, { activeOnly: false })).map(presentAdminBookingType) };
}

/** A fixed deposit needs an amount and a share a percentage (422 on that field); none needs neither. */
function checkDeposit(rule: { deposit_kind: string; deposit_fixed_pence: number; deposit_share_bp: number }): void {
  if (rule.deposit_kind === 'fixed' && rule.deposit_fixed_pence < 1)
    throw AppError.field('deposit_fixed_pence', BOOKING_MESSAGES.depositAmount);
  if (rule.deposit_kind === 'share' && rule.deposit_share_bp < 1) throw AppError.field('deposit_share_bp', BOOKING_MESSAGES.depositShare);
}

export async function createBookingType(deps: Pick<AppDeps, 'db'>, input: BookingTypeInput): Promise<AdminBookingType> {
  checkDeposit(input);
  const all = await types.listBookingTypes(deps.db, { activeOnly: false });
  if (all.length >= LIST_CAPS.bookingTypes)
    throw AppError.field('name', `The shop can offer at most ${LIST_CAPS.bookingTypes} booking types: remove one you no longer use first.`);
  const position = Math.max(0, ...all.map((t) => t.position)) + 1;
  return presentAdminBookingType(await types.insertBookingType(deps.db, { ...input, position }));
}

export async function updateBookingType(deps: Pick<AppDeps, 'db'>, input: BookingTypeUpdateInput): Promise<AdminBookingType> {
  const { id, ...values } = input;
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const current = await types.findBookingType(deps.db, id);
  if (!current) throw AppError.notFound();
  checkDeposit({ ...current, ...changes });
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
