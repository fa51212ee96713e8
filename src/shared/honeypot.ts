/**
 * The one hidden field of the public forms (registration, the quote form, a booking) that people
 * never see or hear (hidden from sight and from assistive technology) and bots fill in: a request
 * carrying it is answered as a success and does nothing (server/validation/honeypot.ts). Here, not
 * in a schema module, so the forms can name it without downloading zod (a public
 * screen's JavaScript at most 100 KB).
 */
export const HONEYPOT_FIELD = 'website';
