/**
 * The forms that work without JavaScript: each posts to its own path here, which the server answers
 * natively (src/server/forms/native-forms.plugin.ts) with a 303 on success and the screen with the
 * errors on failure. With JavaScript the same forms call tRPC and never reach these paths. Every
 * other form posts to SCRIPT_ONLY_FORM_PATH, which explains that it needs JavaScript: no form
 * anywhere submits by GET, so nothing typed lands in a URL (docs/decisions/native-form-posts.md).
 */
import type { FieldErrors } from './errors.ts';

export const NATIVE_FORM_PATHS = {
  login: '/forms/login',
  twoFactorChallenge: '/forms/two-factor-challenge',
  register: '/forms/register',
  forgotPassword: '/forms/forgot-password',
  resetPassword: '/forms/reset-password',
  quote: '/forms/quote',
  acceptInvitation: '/forms/accept-invitation',
  estimateAccept: '/forms/estimate-accept',
} as const;

export type NativeFormName = keyof typeof NATIVE_FORM_PATHS;

/** The action of a form that only works with JavaScript (admin and account forms). */
export const SCRIPT_ONLY_FORM_PATH = '/forms/needs-javascript';

/** Whether a path is one of the native form posts (their CSRF check is by Origin, not the XSRF header). */
export function isNativeFormPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === SCRIPT_ONLY_FORM_PATH || Object.values(NATIVE_FORM_PATHS).some((path) => path === pathname);
}

/**
 * The token of a reset link's page (`/reset-password/:token`), which the reset form carries as a
 * field so it works before the script runs: that page is made for its request, never the shell
 * every visitor shares. Undefined for any other path.
 */
export function resetLinkToken(pathname: string): string | undefined {
  const match = /^\/reset-password\/([^/?]+)$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** What a native post's answer renders its screen with, for that one request. */
export interface NativeFormState {
  form: NativeFormName;
  /** What was typed, passwords never included. */
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  /** A message about the whole form (a throttle, a failed sign-in). */
  message?: string;
  /** A success the screen shows after the redirect (the service's own message: a reset link sent, a password changed). */
  notice?: string;
}

/** The successes a redirect after a native post names, by screen (the server holds their texts). */
export const NATIVE_FORM_NOTICES = ['resetLinkSent', 'passwordReset', 'quoteSent'] as const;

export type NativeFormNotice = (typeof NATIVE_FORM_NOTICES)[number];

/** The short-lived cookie that carries a notice across the redirect (its value one of NATIVE_FORM_NOTICES). */
export const FORM_NOTICE_COOKIE = 'form_notice';
