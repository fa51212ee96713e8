/**
 * The global answer to a response status (docs/product.md section 8): 401 and 419 sign the user out
 * locally and go to Login, 403 (e-mail not verified) goes to the verify-email page, 423 goes to
 * confirm-password and comes back. The caller still receives the error; this only navigates.
 */
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { screenPath } from '#shared/screen-paths.ts';
import { SCREENS } from '#shared/screens.ts';

export interface StatusEffects {
  signOutLocally(): void;
  navigate(to: string): void;
  /** Path and query of the page the user is on, so Login and confirm-password can return to it. */
  here(): string;
}

const AUTH_SCREENS = [
  'login',
  'register',
  'twoFactorChallenge',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'confirmPassword',
] as const;
/** Their paths up to the first parameter (`/reset-password/:token` is every `/reset-password/…`). */
const AUTH_PAGES = AUTH_SCREENS.map((id) => SCREENS[id].path.replace(/\/:.*$/, ''));

function isAuthPage(path: string): boolean {
  return AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}/`) || path.startsWith(`${page}?`));
}

/** `target?redirect=here`, so the screen can send the user back where they were. */
export function withRedirect(target: string, here: string): string {
  return here === '/' ? target : `${target}?redirect=${encodeURIComponent(here)}`;
}

/**
 * Where a status sends the user, or null when it is the caller's business. `appCode` (from a tRPC
 * error) tells an unverified e-mail apart from a role refusal, both 403.
 */
export function redirectForStatus(status: number, here: string, appCode?: string): string | null {
  switch (status) {
    case 401:
    case 419:
      // On a sign-in screen the screen itself shows the error; sending it to Login would loop.
      return isAuthPage(here) ? null : withRedirect(screenPath('login'), here);
    case 403:
      return appCode === undefined || appCode === 'EMAIL_NOT_VERIFIED' ? screenPath('verifyEmail') : null;
    case 423:
      return withRedirect(screenPath('confirmPassword'), here);
    default:
      return null;
  }
}

export const browserEffects: StatusEffects = {
  signOutLocally: () => {},
  navigate: (to) => browserNavigate(to),
  here: () => `${window.location.pathname}${window.location.search}`,
};

export function handleResponseStatus(status: number, appCode: string | undefined, effects: StatusEffects = browserEffects): void {
  if (status === 401 || status === 419) effects.signOutLocally();
  const to = redirectForStatus(status, effects.here(), appCode);
  if (to) effects.navigate(to);
}
