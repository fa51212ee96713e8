/**
 * Strings no field may hold: a NUL byte (PostgreSQL refuses it in text, so it would be a 500) and
 * an unpaired UTF-16 surrogate (not a character; it cannot be stored or sent as UTF-8). parseInput
 * (parse-input.ts) checks every door's raw input before the schema, so either is a 422 on the field
 * that holds it, on both engines.
 */
import type { FieldErrors } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a NUL byte or an unpaired surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/**
 * Each field is looked at to this depth and this many values, its own budget: no field's size can
 * spare another from the check. A field beyond either is refused as if it held such a string (no
 * form sends one), so nothing unread reaches the database.
 */
const MAX_DEPTH = 8;
const MAX_VALUES_PER_FIELD = 100_000;

/** True when the value, anything inside it or a key holds a forbidden string, or it is too big to read through. */
function fieldHoldsForbidden(value: unknown): boolean {
  let seen = 0;
  const walk = (inner: unknown, depth: number): boolean => {
    if (++seen > MAX_VALUES_PER_FIELD || depth > MAX_DEPTH) return true;
    if (typeof inner === 'string') return hasForbiddenCharacters(inner);
    if (inner === null || typeof inner !== 'object') return false;
    for (const [key, nested] of Object.entries(inner)) {
      if (hasForbiddenCharacters(key) || walk(nested, depth + 1)) return true;
    }
    return false;
  };
  return walk(value, 1);
}

/** Field errors for every top-level field whose value (or anything inside it, keys included) holds such a string. */
export function forbiddenCharacterErrors(input: unknown): FieldErrors | null {
  if (input === null || typeof input !== 'object') {
    return typeof input === 'string' && hasForbiddenCharacters(input) ? { input: [messages.characters('input')] } : null;
  }
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(input)) {
    const name = hasForbiddenCharacters(field) ? 'input' : field;
    if (name !== field || fieldHoldsForbidden(value)) errors[name] = [messages.characters(name)];
  }
  return Object.keys(errors).length ? errors : null;
}
