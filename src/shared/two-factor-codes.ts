/**
 * The two-factor challenge's messages and the test of an app code, in a module without zod so the
 * challenge screen names them without downloading it (a sign-in screen's JavaScript at
 * most 100 KB); schemas/two-factor.ts re-exports them.
 */
export const INVALID_TWO_FACTOR_CODE_MESSAGE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE_MESSAGE = 'The provided two factor recovery code was invalid.';

/** An authenticator app's code: six digits (a recovery code is 21 characters with a dash). */
export function looksLikeAppCode(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s/g, ''));
}
