/**
 * The shop's details (GET and PUT /api/shop, tRPC shop.get and shop.update): one record the admin
 * edits and every page, e-mail and the structured data read. `shopSchema` is the answer's shape;
 * `shopInput` the same body with the rules, each failure a 422 on its own key
 * (`openingHours.monday.1.closes`, `closures.0.to`).
 */
import { z } from 'zod';
import { SHOP_LIMITS } from '#shared/limits.ts';
import { DEFAULT_TIME_ZONE, WEEKDAYS, type Weekday } from '#shared/value-sets.ts';
import { calendarDateField, emailField, httpUrlField, isCalendarDate, messages, requiredString } from '#shared/validation.ts';
import { isCountryCode } from '#shared/countries.ts';
import { isKnownTimeZone } from '#shared/time-zones.ts';

const openingRangeSchema = z.object({ opens: z.string(), closes: z.string() });
const closureSchema = z.object({ from: z.string(), to: z.string(), note: z.string() });
const weekSchema = <T extends z.ZodType>(day: T) =>
  z.object(Object.fromEntries(WEEKDAYS.map((name) => [name, day])) as Record<Weekday, T>, {
    error: 'The opening hours field must name each weekday with its ranges.',
  });

export const shopSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  addressLines: z.array(z.string()),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  telephone: z.string(),
  email: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  socialLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  /** Per weekday, the day's open ranges in order (24-hour HH:MM, the shop's local time); none: closed. */
  openingHours: weekSchema(z.array(openingRangeSchema)),
  /** Dates (YYYY-MM-DD, inclusive) the shop is shut whatever its hours say. */
  closures: z.array(closureSchema),
  /** IANA time zone the hours and closures are in. */
  timeZone: z.string(),
  // Trust signals: each shows on the pages only when set.
  /** Accreditations and standards ("BS 10125"). */
  accreditations: z.array(z.string()),
  /** Insurers the shop repairs for. */
  insurers: z.array(z.string()),
  /** The year the shop started trading; null: not said. */
  yearEstablished: z.number().int().nullable(),
  /** The warranty offered on repairs ("Lifetime guarantee on paintwork"); empty: not said. */
  warranty: z.string(),
  /**
   * The shop's public review link (its Google reviews page): the trust signals show it, and the
   * review page after collection leads there; empty: none.
   */
  reviewsUrl: z.string(),
  /** The same link under the name the review request's field had (docs/rest-contract.md): always equal to reviewsUrl. */
  reviewLink: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;
export type OpeningRange = z.infer<typeof openingRangeSchema>;
export type Closure = z.infer<typeof closureSchema>;
export type OpeningHours = Shop['openingHours'];

const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** A string that may be empty, trimmed. */
function optionalText(field: string, max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: messages.string(field) })
      .trim()
      .max(max, messages.max(field, max)),
  );
}

const isTime = (value: unknown) => typeof value === 'string' && TIME_PATTERN.test(value);

function timeField(field: string) {
  return requiredString(field, 5).regex(TIME_PATTERN, `The ${field} field must be a time from 00:00 to 23:59 (HH:MM).`);
}

function dateField(field: string) {
  return calendarDateField(field);
}

/** A name Intl knows as a time zone ("Europe/London"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value);
  } catch {
    return false;
  }
}

function numberBetween(field: string, min: number, max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(field) : `The ${field} field must be a number.`,
    })
    .min(min, messages.between(field, min, max))
    .max(max, messages.between(field, min, max));
}

/** A list of short names (accreditations, insurers): trimmed, none empty, at most `max`. */
function nameList(field: string, item: string, max: number) {
  return z
    .array(requiredString(item, SHOP_LIMITS.signalName), { error: `The ${field} field must be a list.` })
    .max(max, `At most ${max} ${field}.`)
    .default([]);
}

function yearField(field: string) {
  return z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z
      .number({ error: `The ${field} field must be a year.` })
      .int(`The ${field} field must be a year.`)
      .min(SHOP_LIMITS.firstYear, `The ${field} field must be a year from ${SHOP_LIMITS.firstYear} to this year.`)
      // Checked when the input is parsed, so the limit moves with the calendar.
      .refine(
        (year) => year <= new Date().getUTCFullYear(),
        `The ${field} field must be a year from ${SHOP_LIMITS.firstYear} to this year.`,
      )
      .nullable(),
  );
}

/** An https address, or empty. */
function httpsUrlOrEmpty(field: string) {
  return (
    httpUrlField(field)
      // Any other scheme already has its own message (a valid URL is http or https).
      .refine((v) => v === null || !/^http:/i.test(v), `The ${field} field must start with https://.`)
      .transform((v) => v ?? '')
  );
}

const openingRangeInput = z
  .object({ opens: timeField('opening time'), closes: timeField('closing time') })
  // Only when both are times: a malformed one already has its own message.
  .refine((range) => !isTime(range.opens) || !isTime(range.closes) || range.opens < range.closes, {
    path: ['closes'],
    message: 'The closing time must be after the opening time.',
  });

const dayInput = z
  .array(openingRangeInput, { error: 'The day must be a list of opening ranges.' })
  .max(SHOP_LIMITS.rangesPerDay, `A day has at most ${SHOP_LIMITS.rangesPerDay} opening ranges.`)
  .superRefine((ranges, ctx) => {
    for (let i = 1; i < ranges.length; i += 1) {
      const [previous, range] = [ranges[i - 1]!, ranges[i]!];
      if (isTime(range.opens) && isTime(previous.closes) && range.opens < previous.closes) {
        ctx.addIssue({ code: 'custom', path: [i, 'opens'], message: 'The ranges of a day must be in order and must not overlap.' });
      }
    }
  });

const closureInput = z
  .object({
    from: dateField('from'),
    to: dateField('to'),
    note: optionalText('note', SHOP_LIMITS.closureNote),
  })
  .refine((closure) => !isCalendarDate(closure.from) || !isCalendarDate(closure.to) || closure.from <= closure.to, {
    path: ['to'],
    message: 'The to date must be on or after the from date.',
  });

export const shopInput = z.object({
  name: requiredString('name', SHOP_LIMITS.name),
  tagline: optionalText('tagline', SHOP_LIMITS.text),
  addressLines: z
    .array(requiredString('address line', SHOP_LIMITS.text), { error: 'The address lines field must be a list.' })
    .min(1, messages.required('address lines'))
    .max(SHOP_LIMITS.addressLines, `The address has at most ${SHOP_LIMITS.addressLines} lines.`),
  town: requiredString('town', SHOP_LIMITS.text),
  county: optionalText('county', SHOP_LIMITS.text),
  postcode: requiredString('postcode', 16),
  country: requiredString('country', 2)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'The country field must be a two-letter country code (GB).'))
    // The form offers these codes; a made-up pair of letters is not a country.
    .refine((code) => !/^[A-Z]{2}$/.test(code) || isCountryCode(code), 'The country field must be a country from the list.'),
  telephone: requiredString('telephone', 40),
  email: emailField('email'),
  latitude: numberBetween('latitude', -90, 90),
  longitude: numberBetween('longitude', -180, 180),
  socialLinks: z
    .array(
      z.object({
        label: requiredString('label', SHOP_LIMITS.socialLabel),
        url: httpUrlField('url').pipe(z.string({ error: messages.required('url') })),
      }),
      { error: 'The social links field must be a list.' },
    )
    .max(SHOP_LIMITS.socialLinks, `At most ${SHOP_LIMITS.socialLinks} social links.`)
    .default([]),
  openingHours: weekSchema(dayInput.default([])),
  closures: z
    .array(closureInput, { error: 'The closures field must be a list.' })
    .max(SHOP_LIMITS.closures, `At most ${SHOP_LIMITS.closures} closures.`)
    .default([]),
  timeZone: requiredString('time zone', 64)
    .refine(isTimeZone, 'The time zone field must be a time zone such as Europe/London.')
    // The same list the form offers (shop.choices): a name Intl takes only as an alias is refused.
    .refine((name) => !isTimeZone(name) || isKnownTimeZone(name), 'The time zone field must be a time zone from the list.')
    .default(DEFAULT_TIME_ZONE),
  accreditations: nameList('accreditations', 'accreditation', SHOP_LIMITS.accreditations),
  insurers: nameList('insurers', 'insurer', SHOP_LIMITS.insurers),
  yearEstablished: yearField('year established'),
  warranty: optionalText('warranty', SHOP_LIMITS.warranty),
  // One link; reviewLink (its older name) is taken only from a client that does not send reviewsUrl.
  reviewsUrl: httpsUrlOrEmpty('reviews link').optional(),
  reviewLink: httpsUrlOrEmpty('review link').optional(),
});
export type ShopInput = z.infer<typeof shopInput>;
