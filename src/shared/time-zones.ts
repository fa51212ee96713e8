/**
 * The time zones the shop may be in: the IANA names this runtime knows
 * (`Intl.supportedValuesOf('timeZone')`), Europe/London first, and UTC (which the list leaves out).
 * The server validates against this list and gives it to the form (shop.choices), so the browser
 * offers exactly what the server accepts.
 */
import { DEFAULT_TIME_ZONE } from '#shared/value-sets.ts';

let cached: readonly string[] | undefined;

export function timeZoneNames(): readonly string[] {
  cached ??= [DEFAULT_TIME_ZONE, ...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'].filter((name) => name !== DEFAULT_TIME_ZONE))];
  return cached;
}

let names: ReadonlySet<string> | undefined;

export function isKnownTimeZone(value: string): boolean {
  names ??= new Set(timeZoneNames());
  return names.has(value);
}
