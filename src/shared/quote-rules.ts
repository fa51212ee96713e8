/**
 * The quote form's rules that need no schema library, shared by the server's checks
 * (schemas/quotes.ts, which re-exports them) and the form in the browser, which imports them from
 * here: the form is a public page, and zod would add some 22 KB to its download (at most
 * 100 KB).
 */

/** The 422 on `telephone` when the customer asks to be called but gives no number; the form says the same before sending. */
export const QUOTE_TELEPHONE_REQUIRED = 'Please give a telephone number so we can call you, or choose to be contacted by e-mail.';

/**
 * The telephone is required when the preferred contact is the telephone. Works on the raw values too
 * (the form's, or a refused input's in quotes.input-checks.ts): a telephone that is not text is left
 * to the field's own rule.
 */
export function telephoneRequiredError(values: { preferred_contact?: unknown; telephone?: unknown }): string | null {
  if (values.preferred_contact !== 'phone') return null;
  const { telephone } = values;
  if (telephone === undefined || telephone === null || (typeof telephone === 'string' && telephone.trim() === '')) {
    return QUOTE_TELEPHONE_REQUIRED;
  }
  return null;
}

/**
 * The photo a message of QUOTE_PHOTO_MESSAGES names (1-based, as sent) and the words after "Photo N"
 * (": The file must be …" or " is too large: …"); null for a message about no one photo.
 */
export function photoNumberOf(message: string): { number: number; rest: string } | null {
  const match = /^Photo (\d+)([: ].*)$/s.exec(message);
  return match ? { number: Number(match[1]), rest: match[2]! } : null;
}
