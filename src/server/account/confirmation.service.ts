/**
 * Confirming it is the account's owner before a protected action (the 423 gate, auth/access.ts),
 * besides the password (passwords.service.ts confirmPassword): with one of the user's passkeys (an
 * assertion whose challenge belongs to this session and user), or with a code e-mailed to the
 * account's address (the sign-in codes' store, tries and throttles, a purpose of its own). Each
 * sets the session's password_confirmed_at, as the password does
 * (docs/decisions/confirm-by-passkey-or-email-code.md).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';
import { setPasswordConfirmedAt } from '#server/auth/sessions.repository.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { findUserForMail } from '#server/users/users.repository.ts';
import {
  CONFIRMATION_CODE_INVALID_MESSAGE,
  CONFIRMATION_CODE_SENT_MESSAGE,
  CONFIRMATION_PASSKEY_REFUSED_MESSAGE,
  NO_PASSKEY_TO_CONFIRM_MESSAGE,
} from '#shared/schemas/confirmation.ts';
import { assertionOptions, verifyAssertion, type WebAuthnJson } from './passkey-ceremony.ts';
import * as passkeys from './passkeys.repository.ts';
import { reserveAccountTry, reserveEmailCodeAttempt, reserveEmailCodeRequest, useEmailCode } from './email-codes.service.ts';

/** Passkey confirmations per user: options asked for, and answers tried. */
export const PASSKEY_CONFIRM_LIMITS = {
  optionsPerUser: { limit: 30, windowSeconds: 60 },
  triesPerUser: { limit: 10, windowSeconds: 60 },
} as const;

/** The session the confirmation is for: its id, and where the request came from. */
export interface ConfirmingSession {
  userId: number;
  sessionId: string;
  meta: SessionMeta;
}

async function userOf(deps: Pick<AppDeps, 'db'>, userId: number) {
  const user = await findUserForMail(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  return user;
}

/** The options of a confirming assertion: only the user's own passkeys offered; the challenge kept for this session. */
export async function passkeyConfirmationOptions(
  deps: Pick<AppDeps, 'db' | 'config' | 'rateLimiter'>,
  session: ConfirmingSession,
): Promise<{ options: WebAuthnJson }> {
  await throttle(deps.rateLimiter, { key: `passkey-confirm-options:${session.userId}`, ...PASSKEY_CONFIRM_LIMITS.optionsPerUser });
  const own = await passkeys.listPasskeysOf(deps.db, session.userId);
  if (own.length === 0) throw AppError.field('response', NO_PASSKEY_TO_CONFIRM_MESSAGE);
  return assertionOptions(deps, 'confirm', { userId: session.userId, sessionId: session.sessionId }, own);
}

/** A passkey of the user's, answering this session's challenge, confirms as the password does. */
export async function confirmWithPasskey(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'rateLimiter'>,
  session: ConfirmingSession,
  response: WebAuthnJson,
): Promise<void> {
  await throttle(deps.rateLimiter, { key: `passkey-confirm:${session.userId}`, ...PASSKEY_CONFIRM_LIMITS.triesPerUser });
  const refused = () => AppError.field('response', CONFIRMATION_PASSKEY_REFUSED_MESSAGE);
  // Another user's passkey, or this user's answering another session's challenge, is refused here.
  await verifyAssertion(deps, response, 'confirm', { userId: session.userId, sessionId: session.sessionId }, session.meta, refused);
  await setPasswordConfirmedAt(deps.db, session.sessionId, new Date());
}

/**
 * E-mails a confirmation code to the account's address, under the sign-in codes' request limits
 * (the same keys: asking for either kind of code counts once against both).
 */
export async function requestConfirmationCode(deps: AppDeps, session: ConfirmingSession): Promise<{ message: string }> {
  const user = await userOf(deps, session.userId);
  await reserveEmailCodeRequest(deps, user.email, session.meta.ipAddress);
  await queueMails(deps, [
    { kind: 'confirmation-code', to: user.email, params: { userId: user.id, requestedAt: new Date().toISOString() } },
  ]);
  return { message: CONFIRMATION_CODE_SENT_MESSAGE };
}

/**
 * The e-mailed confirmation code confirms as the password does. Its tries count as the sign-in
 * code's do: per e-mail and address, per account and day, and against the code's own five.
 */
export async function confirmWithEmailCode(deps: AppDeps, session: ConfirmingSession, code: string): Promise<void> {
  const user = await userOf(deps, session.userId);
  const attempt = await reserveEmailCodeAttempt(deps, user.email, session.meta.ipAddress);
  const accountTry = await reserveAccountTry(deps, user.id, session.meta);
  if (!(await useEmailCode(deps, user.id, code, 'confirm'))) throw AppError.field('code', CONFIRMATION_CODE_INVALID_MESSAGE);
  await attempt.release();
  await accountTry.release();
  await setPasswordConfirmedAt(deps.db, session.sessionId, new Date());
}
