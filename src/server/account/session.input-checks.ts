/**
 * The database rules of registration and the profile, reported with zod's messages when the
 * input is invalid (the session procedures, through parseInput); the services check them again.
 */
import { notBreachedPassword } from '#server/validation/breached-password.ts';
import { uniqueEmail } from '#server/validation/unique-email.ts';

export const registerChecks = [uniqueEmail(), notBreachedPassword()] as const;
/** The password reset and change: a password found in a known breach joins the 422. */
export const newPasswordChecks = notBreachedPassword();
export const profileChecks = uniqueEmail((ctx) => ctx.user?.id ?? null);
