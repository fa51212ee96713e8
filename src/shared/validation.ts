/**
 * zod building blocks that speak Laravel's messages ("The email field is required."), so the
 * server's 422s read like the original site's and the client can reuse the same rules.
 */
import { z, type ZodError } from 'zod';

/** "first_name" → "first name", as Laravel words attribute names. */
function attributeName(field: string): string {
  return field.replace(/_/g, ' ');
}

export const messages = {
  required: (f: string) => `The ${attributeName(f)} field is required.`,
  string: (f: string) => `The ${attributeName(f)} field must be a string.`,
  max: (f: string, n: number) => `The ${attributeName(f)} field must not be greater than ${n} characters.`,
  min: (f: string, n: number) => `The ${attributeName(f)} field must be at least ${n} characters.`,
  email: (f: string) => `The ${attributeName(f)} field must be a valid email address.`,
  integer: (f: string) => `The ${attributeName(f)} field must be an integer.`,
  between: (f: string, a: number, b: number) => `The ${attributeName(f)} field must be between ${a} and ${b}.`,
  in: (f: string) => `The selected ${attributeName(f)} is invalid.`,
  url: (f: string) => `The ${attributeName(f)} field must be a valid URL.`,
  boolean: (f: string) => `The ${attributeName(f)} field must be true or false.`,
  taken: (f: string) => `The ${attributeName(f)} has already been taken.`,
  confirmed: (f: string) => `The ${attributeName(f)} field confirmation does not match.`,
  characters: (f: string) => `The ${attributeName(f)} field contains characters that are not allowed.`,
  /** A file sent under a part name the path does not take (`photos[]` where it takes `photos`). */
  fileNotTaken: (f: string) => `The ${f} field is not a file this path takes.`,
};

/** A required string, trimmed; empty counts as missing (Laravel's ConvertEmptyStringsToNull). */
export function requiredString(field: string, max = 255, min = 1) {
  return (
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? messages.required(field) : messages.string(field)) })
      .trim()
      // abort: an empty value gets only "required", not also "at least N characters".
      .min(1, { error: messages.required(field), abort: true })
      .min(min, messages.min(field, min))
      .max(max, messages.max(field, max))
  );
}

/** An optional string: missing, null or empty all become null. */
export function optionalString(field: string, max = 255) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v),
    z
      .string({ error: messages.string(field) })
      .max(max, messages.max(field, max))
      .nullable(),
  );
}

export function emailField(field = 'email') {
  return requiredString(field, 255)
    .pipe(z.email(messages.email(field)))
    .transform((v) => v.toLowerCase());
}

/**
 * A whole number from JSON or from a form/query string of decimal digits. Only those: JavaScript's
 * Number() would also read "0x10", "1e3", " ", true and [5] as numbers, so /api/widgets/0x10 would
 * be widget 16.
 */
/** YYYY-MM-DD naming a real day (2026-02-30 and 2026-13-01 are not; an Invalid Date never reaches toISOString, which throws). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function integerField(field: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[-+]?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? messages.required(field) : messages.integer(field)) })
      .int(messages.integer(field))
      .min(min, messages.between(field, min, max))
      .max(max, messages.between(field, min, max)),
  );
}

/** true/false from JSON, or "1"/"0"/"true"/"false"/"on" from a form. */
export function booleanField(field: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === '1' || v === 1 || v === 'on') return true;
      if (v === 'false' || v === '0' || v === 0 || v === '' || v === 'off') return false;
      return v;
    },
    z.boolean({ error: messages.boolean(field) }),
  );
}

export function httpUrlField(field: string) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: messages.string(field) })
      .trim()
      .max(2000, messages.max(field, 2000))
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      }, messages.url(field))
      .nullable(),
  );
}

/**
 * Laravel's field → messages map from a zod error; a nested field's key is its path joined with
 * dots, as Laravel names them (`openingHours.monday.1.closes`, `images.0.id`).
 */
export function fieldErrorsFromZod(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'input';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
