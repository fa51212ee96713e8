/**
 * Strings no field may hold: a NUL byte (PostgreSQL refuses it in text, so it would be a 500) and
 * an unpaired UTF-16 surrogate (not a character; it cannot be stored or sent as UTF-8). Every
 * procedure's raw input (trpc.ts) and every upload route's fields (rest/upload.route.ts) are checked
 * before the schema, so either is a 422 on the field that holds it, on both engines.
 */
import type { FieldErrors } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a NUL byte or an unpaired surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** At most this deep and this many values are looked at; a deeper input is the schema's to refuse. */
const MAX_DEPTH = 8;
const MAX_VALUES = 10_000;

/** Field errors for every top-level field whose value (or anything inside it, keys included) holds such a string. */
export function forbiddenCharacterErrors(input: unknown): FieldErrors | null {
  if (input === null || typeof input !== 'object') {
    return typeof input === 'string' && hasForbiddenCharacters(input) ? { input: [messages.characters('input')] } : null;
  }
  let seen = 0;
  const holdsForbidden = (value: unknown, depth: number): boolean => {
    if (++seen > MAX_VALUES || depth > MAX_DEPTH) return false;
    if (typeof value === 'string') return hasForbiddenCharacters(value);
    if (value === null || typeof value !== 'object') return false;
    for (const [key, inner] of Object.entries(value)) {
      if (hasForbiddenCharacters(key) || holdsForbidden(inner, depth + 1)) return true;
    }
    return false;
  };
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(input)) {
    const name = hasForbiddenCharacters(field) ? 'input' : field;
    if (name !== field || holdsForbidden(value, 1)) errors[name] = [messages.characters(name)];
  }
  return Object.keys(errors).length ? errors : null;
}
