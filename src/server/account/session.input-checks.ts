/**
 * The database rules of registration and the profile, reported with zod's messages when the
 * input is invalid (session.router.ts, through parseInput); the services check them again.
 */
import { uniqueEmail } from '#server/validation/unique-email.ts';

export const registerChecks = uniqueEmail();
export const profileChecks = uniqueEmail((ctx) => ctx.user?.id ?? null);
