/**
 * The hidden field people never see and bots fill in (HONEYPOT_FIELD: registration, the quote
 * form, a booking): a filled one gets the answer a person gets, with nothing stored and nothing sent.
 */
import { HONEYPOT_FIELD } from '#shared/honeypot.ts';

/** True when the honeypot holds anything but nothing or blank text: a bot may send any type. */
export function isHoneypotFilled(input: Record<string, unknown>): boolean {
  const value = input[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
