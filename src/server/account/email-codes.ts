/**
 * The e-mailed code itself (for signing in, or confirming the password): made when its mail goes
 * (mail/outgoing-mail.ts), stored as an HMAC, checked by account/email-codes.service.ts. Its own module, so the mail sender needs neither
 * the service nor the job queue's definitions.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';
import * as codes from './email-login-codes.repository.ts';

export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_TRIES = 5;

/** What a code is for: signing in, or confirming the password before a protected action. */
export type EmailCodePurpose = 'sign-in' | 'confirm';

/**
 * The code's HMAC with APP_KEY, bound to its user and its purpose (a copy of the table does not
 * give the codes, and a code mailed for one purpose does nothing for the other).
 */
export function emailCodeHash(appKey: Buffer, userId: number, code: string, purpose: EmailCodePurpose): string {
  const label = purpose === 'sign-in' ? 'email-login-code' : 'email-confirm-code';
  return createHmac('sha256', appKey).update(`${label}|${userId}|${code}`).digest('hex');
}

/** A new code for the user, stored as its HMAC, replacing any earlier one (of either purpose); the code to e-mail. */
export async function issueEmailCode(deps: Pick<AppDeps, 'db' | 'config'>, userId: number, purpose: EmailCodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + EMAIL_CODE_MINUTES * 60 * 1000);
  await codes.replaceEmailLoginCode(deps.db, userId, emailCodeHash(deps.config.appKey, userId, code, purpose), expiresAt);
  return code;
}
