/**
 * A field of the register form that people never see or hear (hidden from sight and from
 * assistive technology) and bots fill in: a registration carrying it is answered as a success
 * and does nothing (server/account/registration.service.ts). Here, not in schemas/session.ts, so
 * the register screen can name it without downloading zod (issue 23: a sign-in screen's
 * JavaScript at most 100 KB).
 */
export const REGISTER_HONEYPOT_FIELD = 'website';
