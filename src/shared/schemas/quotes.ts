// Quote requests (docs/rest-contract.md "Quote requests"): the public form's fields, the admin's
// triage and the customer's own list. Shared by the server's checks and the client's forms.
import { z } from 'zod';
import { cursorField, limitField, searchField } from './paging.ts';
import { emailField, integerField, messages, optionalString, requiredString } from '../validation.ts';
import { BOOKING_STATUSES, PREFERRED_CONTACTS, QUOTE_STATUSES } from '#shared/value-sets.ts';
import {
  QUOTE_DESCRIPTION_MAX,
  QUOTE_DESCRIPTION_MIN,
  QUOTE_NOTES_MAX,
  QUOTE_PHOTO_MAX_MB,
  QUOTE_PHOTOS_MAX,
  QUOTE_REPLY_MAX_POUNDS,
  QUOTE_REPLY_MESSAGE_MAX,
} from '#shared/limits.ts';

export { QUOTE_TELEPHONE_REQUIRED, telephoneRequiredError, photoNumberOf } from '#shared/quote-rules.ts';
import { QUOTE_TELEPHONE_REQUIRED, telephoneRequiredError } from '#shared/quote-rules.ts';
import { HONEYPOT_FIELD } from '#shared/honeypot.ts';

/** Laravel's "accepted": a ticked box arrives as "1", "on", "yes" or true. */
const acceptedField = (field: string) =>
  z.preprocess(
    (v) => v === true || v === 'true' || v === '1' || v === 1 || v === 'on' || v === 'yes',
    z.literal(true, { error: `The ${field} field must be accepted.` }),
  );

/**
 * The server's photo messages, numbered as the photos were sent (1 = the first `photos` part). The
 * form, which sends only the photos it accepted, names each by its place in the customer's list and
 * its file name instead (photoNumberOf finds the number).
 */
export const QUOTE_PHOTO_MESSAGES = {
  tooMany: `At most ${QUOTE_PHOTOS_MAX} photos can be sent with a request.`,
  tooLarge: (index: number) => `Photo ${index + 1} is too large: at most ${QUOTE_PHOTO_MAX_MB} MB each.`,
  notUsable: (index: number, reason: string) => `Photo ${index + 1}: ${reason}`,
};

export const quoteRequestInput = z
  .object({
    name: requiredString('name', 100),
    email: emailField('email'),
    telephone: optionalString('telephone', 40),
    vehicle: requiredString('vehicle', 120),
    registration: optionalString('registration', 20),
    description: requiredString('description', QUOTE_DESCRIPTION_MAX, QUOTE_DESCRIPTION_MIN),
    preferred_contact: z.enum(PREFERRED_CONTACTS, { error: messages.in('preferred_contact') }),
    consent: acceptedField('consent'),
    [HONEYPOT_FIELD]: z.unknown().optional(),
  })
  // Runs beside the fields' other messages (`when`); after a field's explicit abort (an empty name)
  // zod skips it, and quotes.input-checks.ts reports it from the raw input in the same 422.
  .check(
    z.refine((v) => telephoneRequiredError(v) === null, {
      path: ['telephone'],
      error: QUOTE_TELEPHONE_REQUIRED,
      when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'telephone' || issue.path?.[0] === 'preferred_contact'),
    }),
  );
export type QuoteRequestInput = z.infer<typeof quoteRequestInput>;

export const quoteCreatedSchema = z.object({ id: z.number().int(), reference: z.string() });
export type QuoteCreated = z.infer<typeof quoteCreatedSchema>;

export const quoteIdInput = z.object({ id: integerField('id', 1, 2_147_483_647) });

const statusField = z.enum(QUOTE_STATUSES, { error: messages.in('status') });

export const quoteListInput = z.object({
  page: integerField('page', 1, 1_000_000).optional(),
  /** Keyset paging (paging.ts): the previous page's `next_cursor`; `page` is then ignored. */
  cursor: cursorField,
  limit: limitField(),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), statusField.optional()),
  search: searchField,
});
export type QuoteListInput = z.infer<typeof quoteListInput>;

export const quoteUpdateInput = z.object({
  id: integerField('id', 1, 2_147_483_647),
  status: statusField.optional(),
  notes: z.preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: messages.string('notes') })
      .max(QUOTE_NOTES_MAX, messages.max('notes', QUOTE_NOTES_MAX))
      .optional(),
  ),
});
export type QuoteUpdateInput = z.infer<typeof quoteUpdateInput>;

export const quoteSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  vehicle: z.string(),
  status: z.enum(QUOTE_STATUSES),
  photo_count: z.number().int(),
  created_at: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quotePageSchema = z.object({
  data: z.array(quoteSummarySchema),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  /** `total` stops at the count cap (paging.ts): true when more requests match. */
  total_capped: z.boolean(),
  /** The cursor of the next (older) page, null on the last. */
  next_cursor: z.string().nullable(),
});
export type QuotePage = z.infer<typeof quotePageSchema>;

/** How many requests are in each status (the list's filter and the admin menu's badge). */
export const quoteCountsSchema = z.object(
  Object.fromEntries(QUOTE_STATUSES.map((s) => [s, z.number().int()])) as {
    [K in (typeof QUOTE_STATUSES)[number]]: z.ZodNumber;
  },
);
export type QuoteCounts = z.infer<typeof quoteCountsSchema>;

/** The shop's answer as the customer and the admin read it: the price in pence, the message, when it was sent. */
export const quoteReplySchema = z.object({
  id: z.number().int(),
  price_pence: z.number().int(),
  message: z.string(),
  created_at: z.string(),
});
export type QuoteReply = z.infer<typeof quoteReplySchema>;

/** A photo as an admin sees it: expiring signed links, never a public URL. */
export const quotePhotoSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumb_url: z.string(),
  thumb_width: z.number().int(),
  thumb_height: z.number().int(),
});
export type QuotePhoto = z.infer<typeof quotePhotoSchema>;

export const quoteDetailSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  description: z.string(),
  preferred_contact: z.enum(PREFERRED_CONTACTS),
  status: z.enum(QUOTE_STATUSES),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  photos_deleted_at: z.string().nullable(),
  /** When the links in `photos` stop working (ISO time). */
  photo_links_expire_at: z.string(),
  photos: z.array(quotePhotoSchema),
  /** The answers sent to the customer, oldest first. */
  replies: z.array(quoteReplySchema),
  /** Its bookings, the newest start first (at most QUOTE_BOOKINGS_SHOWN), each a link to /admin/bookings/{id}. */
  bookings: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      type_name: z.string(),
      starts_at: z.string(),
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
  /** The repair job opened from it or from one of its bookings (one per quote), or null. */
  repair_job: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
});
/** The most bookings a quote's page lists. */
export const QUOTE_BOOKINGS_SHOWN = 20;
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** A customer's own request: no internal notes, no other customer's data. */
export const myQuoteSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  photo_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The shop's answers, oldest first. */
  replies: z.array(quoteReplySchema),
});
export type MyQuote = z.infer<typeof myQuoteSchema>;

export const myQuotesSchema = z.object({ data: z.array(myQuoteSchema), next_cursor: z.string().nullable() });
export type MyQuotes = z.infer<typeof myQuotesSchema>;

/** A quote request in the customer's data export: what they see, and the contact details they gave. */
export const exportedQuoteSchema = myQuoteSchema.extend({
  name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  preferred_contact: z.string(),
});
export type ExportedQuote = z.infer<typeof exportedQuoteSchema>;

export const QUOTE_REPLY_MESSAGES = {
  price: 'The price field must be an amount in pounds, such as 420 or 420.50.',
  priceRange: `The price field must be between £0 and £${QUOTE_REPLY_MAX_POUNDS.toLocaleString('en-GB')}.`,
};

/**
 * A price as the admin types it, in pounds ("420", "£420.50", "1,250"), to whole pence; a JSON
 * number is read as pounds too. At most two decimals, £0 to QUOTE_REPLY_MAX_POUNDS.
 */
export function poundsToPence(value: unknown): number | 'invalid' | 'range' {
  let text: string;
  if (typeof value === 'number') text = String(value);
  else if (typeof value === 'string')
    text = value
      .trim()
      .replace(/^£\s*/, '')
      .replace(/,(?=\d{3}(?:\D|$))/g, '');
  else return 'invalid';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return /^-/.test(text) ? 'range' : 'invalid';
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > QUOTE_REPLY_MAX_POUNDS * 100 ? 'range' : pence;
}

/** POST /api/quote-requests/{id}/replies: the price in pounds and the message to the customer. */
export const quoteReplyInput = z.object({
  id: integerField('id', 1, 2_147_483_647),
  price: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.unknown().transform((v, ctx) => {
      if (v === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.required('price') });
        return z.NEVER;
      }
      const pence = poundsToPence(v);
      if (typeof pence === 'number') return pence;
      ctx.addIssue({ code: 'custom', message: pence === 'range' ? QUOTE_REPLY_MESSAGES.priceRange : QUOTE_REPLY_MESSAGES.price });
      return z.NEVER;
    }),
  ),
  message: requiredString('message', QUOTE_REPLY_MESSAGE_MAX),
});
export type QuoteReplyInput = z.infer<typeof quoteReplyInput>;
