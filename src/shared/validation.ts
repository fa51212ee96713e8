/**
 * zod building blocks that speak Laravel's messages ("The email field is required."), so the
 * server's 422s read like the original site's and the client can reuse the same rules.
 */
import { z, type ZodError } from 'zod';
import { CALENDAR_YEARS, isCalendarDate } from './calendar-date.ts';

export { isCalendarDate };

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
  date: (f: string) => `The ${attributeName(f)} field must be a date (YYYY-MM-DD).`,
  instant: (f: string) => `The ${attributeName(f)} field must be a date and time (ISO 8601).`,
  instantOffset: (f: string) => `The ${attributeName(f)} field must end with its time zone offset (Z or +01:00).`,
  dateBetween: (f: string, min: string, max: string) => `The ${attributeName(f)} field must be a date between ${min} and ${max}.`,
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

/** The first and last dates (inclusive, YYYY-MM-DD) a date field accepts. */
export interface DateWindow {
  min: string;
  max: string;
}

/** Any date the database and the code hold alike (CALENDAR_YEARS): every date field but availability's. */
export const yearsWindow = (): DateWindow => ({ min: `${CALENDAR_YEARS.min}-01-01`, max: `${CALENDAR_YEARS.max}-12-31` });

/**
 * The check of a date field: a real YYYY-MM-DD (`formatMessage` otherwise) within the window, read
 * when the value is checked (a window around today moves with the clock). Outside: "The from field
 * must be a date between 2026-11-30 and 2027-12-02."
 */
export function calendarDateCheck(field: string, window: () => DateWindow = yearsWindow, formatMessage = messages.date(field)) {
  return (value: string, context: z.RefinementCtx) => {
    if (!isCalendarDate(value)) context.addIssue({ code: 'custom', message: formatMessage });
    else {
      const { min, max } = window();
      if (value < min || value > max) context.addIssue({ code: 'custom', message: messages.dateBetween(field, min, max) });
    }
  };
}

/** A required calendar date (YYYY-MM-DD) within `window` (default: CALENDAR_YEARS). */
export function calendarDateField(field: string, window: () => DateWindow = yearsWindow, formatMessage = messages.date(field)) {
  return requiredString(field, 10).superRefine(calendarDateCheck(field, window, formatMessage));
}

/**
 * A required instant, ISO 8601 with its date first and its offset last ("2026-12-01T10:20:00Z"), in
 * CALENDAR_YEARS. Without an offset Date.parse reads the server's own zone, so the same text would name
 * different moments on different machines: refused rather than guessed.
 */
export function instantField(field: string) {
  return requiredString(field, 40).superRefine((value, context) => {
    const time = Date.parse(value);
    // Date.parse reads 2026-02-30T10:00Z as 2 March: the date part must name a real day itself.
    if (Number.isNaN(time) || !/^\d{4}-\d{2}-\d{2}T/.test(value) || !isCalendarDate(value.slice(0, 10))) {
      context.addIssue({ code: 'custom', message: messages.instant(field) });
      return;
    }
    if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
      context.addIssue({ code: 'custom', message: messages.instantOffset(field) });
      return;
    }
    const { min, max } = yearsWindow();
    const date = new Date(time).toISOString().slice(0, 10);
    if (date < min || date > max) context.addIssue({ code: 'custom', message: messages.dateBetween(field, min, max) });
  });
}
