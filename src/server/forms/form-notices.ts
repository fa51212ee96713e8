/**
 * The success a redirect after a native form post shows (src/shared/native-forms.ts): carried in a
 * short-lived cookie, not the URL, and shown once by the screen the redirect lands on, rendered for
 * that request. The texts are the services' own answers, as the script shows them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from '#shared/schemas/session.ts';
import { FORM_NOTICE_COOKIE, type NativeFormNotice, type NativeFormState } from '#shared/native-forms.ts';

const NOTICES: Record<NativeFormNotice, { screenPath: string; state: (detail: string) => NativeFormState }> = {
  resetLinkSent: {
    screenPath: '/forgot-password',
    state: () => ({ form: 'forgotPassword', values: {}, fieldErrors: {}, notice: FORGOT_PASSWORD_MESSAGE }),
  },
  passwordReset: {
    screenPath: '/login',
    state: () => ({ form: 'login', values: {}, fieldErrors: {}, notice: PASSWORD_RESET_MESSAGE }),
  },
  quoteSent: {
    screenPath: '/quote',
    // The reference the script would show on the same page.
    state: (reference) => ({ form: 'quote', values: { reference }, fieldErrors: {}, notice: 'sent' }),
  },
};

/** A detail safe to carry in a cookie and to show (a quote's reference). */
const DETAIL = /^[A-Za-z0-9-]{0,40}$/;

/** Sets the notice for the next page, with the screen it belongs on. */
export function setFormNotice(reply: FastifyReply, notice: NativeFormNotice, secure: boolean, detail = ''): string {
  void reply.setCookie(FORM_NOTICE_COOKIE, detail ? `${notice}.${detail}` : notice, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 60,
  });
  return NOTICES[notice].screenPath;
}

/**
 * The notice waiting for this page, taken (its cookie cleared), or undefined. Only on the screen it
 * was set for: any other page leaves it be.
 */
export function takeFormNotice(request: FastifyRequest, reply: FastifyReply, pathname: string): NativeFormState | undefined {
  const value = request.cookies[FORM_NOTICE_COOKIE];
  if (!value) return undefined;
  const [key = '', detail = ''] = value.split('.', 2);
  const notice = Object.hasOwn(NOTICES, key) ? NOTICES[key as NativeFormNotice] : undefined;
  if (!notice || notice.screenPath !== pathname || !DETAIL.test(detail)) return undefined;
  void reply.clearCookie(FORM_NOTICE_COOKIE, { path: '/' });
  return notice.state(detail);
}
