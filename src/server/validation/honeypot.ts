/**
 * The hidden field people never see and bots fill in (registration and the quote form): a filled
 * one gets the answer a person gets, with nothing stored and nothing sent.
 */

/** True when the honeypot holds anything but nothing or blank text: a bot may send any type. */
export function isHoneypotFilled(input: Record<string, unknown>, field: string): boolean {
  const value = input[field];
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}
