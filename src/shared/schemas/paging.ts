// Keyset paging of the admin lists: a `limit` the server enforces and an opaque `cursor`, the key
// of the last row of the previous page (docs/decisions/keyset-paging-of-admin-lists.md).
import { z } from 'zod';
import { integerField, messages } from '../validation.ts';

/** The most rows any admin list answers in one page. */
export const ADMIN_LIST_MAX_LIMIT = 100;

/** How far a list counts its rows: past this it says "more than" instead of scanning on. */
export const ADMIN_LIST_COUNT_CAP = 1000;

/** A page size, refused (422) above the list's maximum, as GET /api/testimonials refuses a bad limit. */
export function limitField(max: number = ADMIN_LIST_MAX_LIMIT) {
  return integerField('limit', 1, max).optional();
}

/** The key of a row (its time in microseconds since 1970, then its id), as `next_cursor` gave it. */
export const cursorField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: messages.string('cursor') })
    .regex(/^\d{1,17}_[0-9A-Za-z-]{1,64}$/, messages.in('cursor'))
    .optional(),
);

/** A list's search text: trimmed, at most 255 characters, absent when null. */
export const searchField = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: messages.string('search') })
    .trim()
    .max(255, messages.max('search', 255))
    .optional(),
);

/** The most rows one page of a customer's own list answers (quotes.mine, bookings.mine, repairJobs.mine), and its default. */
export const ACCOUNT_LIST_MAX_LIMIT = 50;
export const ACCOUNT_LIST_DEFAULT_LIMIT = 20;

/** A page of a customer's own list: newest first, `next_cursor` of the previous page to go on (null: none left). */
export const accountPageInput = z.object({ limit: limitField(ACCOUNT_LIST_MAX_LIMIT), cursor: cursorField });
export type AccountPageInput = z.infer<typeof accountPageInput>;
