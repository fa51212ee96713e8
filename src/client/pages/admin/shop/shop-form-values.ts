/**
 * The shop form's values as its inputs hold them (the numbers and the address as typed, the lists
 * one a line), and the way back to the record the server takes; the helpers its sections share.
 */
import type { Shop } from '#shared/schemas/shop.ts';
import type { ShopChoices } from '#shared/schemas/shop-setup.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { ContentVersion } from '#shared/schemas/versions.ts';
import { firstError } from '#client/lib/api-errors.ts';
import type { SelectOption } from '#client/components/ui/form-fields.tsx';

/** The form's values: the record, with the numbers and the address as the inputs hold them. */
export interface FormValues extends Omit<
  Shop,
  'latitude' | 'longitude' | 'addressLines' | 'accreditations' | 'insurers' | 'yearEstablished'
> {
  address: string;
  latitude: string;
  longitude: string;
  /** One a line. */
  accreditations: string;
  insurers: string;
  yearEstablished: string;
}

export function formValues(shop: Shop): FormValues {
  const { addressLines, latitude, longitude, accreditations, insurers, yearEstablished, ...rest } = shop;
  return {
    ...structuredClone(rest),
    address: addressLines.join('\n'),
    latitude: String(latitude),
    longitude: String(longitude),
    accreditations: accreditations.join('\n'),
    insurers: insurers.join('\n'),
    yearEstablished: yearEstablished === null ? '' : String(yearEstablished),
  };
}

/** A text area's lines, trimmed, without empty ones. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A number as typed: the server says what is wrong with anything else. */
const numberOrText = (value: string): number | string | undefined =>
  value.trim() === '' ? undefined : Number.isFinite(Number(value)) ? Number(value) : value;

export function toInput(values: FormValues) {
  // reviewLink is reviewsUrl under its older name in answers: the form sends the one field.
  const { address, latitude, longitude, accreditations, insurers, yearEstablished, reviewLink: _reviewLink, ...rest } = values;
  return {
    ...rest,
    addressLines: linesOf(address),
    latitude: numberOrText(latitude),
    longitude: numberOrText(longitude),
    accreditations: linesOf(accreditations),
    insurers: linesOf(insurers),
    yearEstablished: numberOrText(yearEstablished) ?? null,
  };
}

/** The first message of a key or of anything below it (`addressLines` also shows `addressLines.1`). */
export function errorAt(errors: FieldErrors, key: string): string | undefined {
  return firstError(errors, key) ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1][0];
}

/** The list's options, with the current value kept first when the list does not have it (an older record). */
function optionsWith(current: string, options: SelectOption[]): SelectOption[] {
  return options.some((option) => option.value === current) ? options : [{ value: current, label: current }, ...options];
}

export function timeZoneOptions(current: string, choices: ShopChoices | undefined): SelectOption[] {
  return optionsWith(
    current,
    (choices?.timeZones ?? []).map((name) => ({ value: name, label: name.replaceAll('_', ' ') })),
  );
}

export function countryOptions(current: string, choices: ShopChoices | undefined): SelectOption[] {
  return optionsWith(
    current,
    (choices?.countries ?? []).map(({ code, name }) => ({ value: code, label: name })),
  );
}

/** The record as the draft has it (a draft kept before a field was added takes the live one's). */
export function draftRecord(shop: Shop, draft: ContentVersion | null): Shop {
  return draft ? { ...shop, ...(draft.data as Partial<Shop>) } : shop;
}

/** A section's setter of one field (the form's `set('name')`). */
export type SetField = <K extends keyof FormValues>(field: K) => (value: FormValues[K]) => void;
