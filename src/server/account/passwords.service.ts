/**
 * Passwords (rest-contract.md, Session): forgotten and reset (single-use hashed tokens that last
 * 60 minutes, the same reply whether the address exists or not), confirmation for the 423 gate,
 * and change. A reset or a change ends the user's other sessions; a reset also removes the passkeys
 * added since the previous reset (or since the account was made) unless the form keeps them.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import { actorFromMeta } from '#server/activity/actor.ts';
import { createHash } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { isPasswordRecentlyConfirmed } from '#server/auth/access.ts';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { BREACHED_PASSWORD_MESSAGE, isPasswordBreached } from '#server/auth/breached-passwords.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { deleteOtherSessions, type SessionMeta } from '#server/auth/sessions.ts';
import { queueSecurityAlert } from './security-alerts.service.ts';
import { setPasswordConfirmedAt } from '#server/auth/sessions.repository.ts';
import * as users from '#server/users/users.repository.ts';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import {
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  type ChangePasswordInput,
  type ResetPasswordInput,
} from '#shared/schemas/session.ts';
import { passwordResetRequestJob } from '#server/jobs/definitions/password-reset-request.ts';
import * as resetTokens from './password-reset-tokens.repository.ts';
import * as passkeys from './passkeys.repository.ts';

const INVALID_RESET_TOKEN_MESSAGE = 'This password reset token is invalid.';
const WRONG_PASSWORD_MESSAGE = 'The provided password was incorrect.';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'The provided password does not match your current password.';
const NOT_EMAIL_MESSAGE = 'The password must not be the same as your email address.';

const RESET_MAIL_WINDOW_SECONDS = 60;

/**
 * Guesses at a signed-in user's password (the 423 gate's confirmation, the current password of a
 * change), counted per user whatever the session or address, reserved before the hash check.
 */
export const PASSWORD_CHECK_LIMITS = {
  perMinute: { limit: 5, windowSeconds: 60 },
  perHour: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/** Checks `password` against the user's hash within the per-user limits (429 when used up). */
async function checkOwnPassword(
  deps: Pick<AppDeps, 'rateLimiter'>,
  userId: number,
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const attempt = await throttle(deps.rateLimiter, [
    { key: `password-check:${userId}`, ...PASSWORD_CHECK_LIMITS.perMinute },
    { key: `password-check-hour:${userId}`, ...PASSWORD_CHECK_LIMITS.perHour },
  ]);
  const ok = await verifyPassword(passwordHash, password);
  // The owner typing it right gives the attempt back; the window goes on.
  if (ok) await attempt.release();
  return ok;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Asking for reset links from one address (any e-mail): as the e-mail code's requests are. */
export const FORGOT_PASSWORD_LIMITS = {
  perAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** As the e-mail code's requests: one inbox is not flooded from many addresses. */
  perEmail: { limit: 3, windowSeconds: 15 * 60 },
} as const;

/** Reserves one reset request for the address before the input is read; 429 when used up. */
export async function reserveForgotPassword(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, { key: `forgot-password-address:${ip ?? ''}`, ...FORGOT_PASSWORD_LIMITS.perAddress });
}

/**
 * The same path and time whether the address exists or not: the request only queues a job (a row
 * in the database, so "we have e-mailed" is true once the answer leaves); the look-up, the token
 * and the mail are the job's (jobs/definitions/password-reset-request.ts). A timing difference
 * would tell a stranger which addresses have accounts.
 */
export async function forgotPassword(deps: AppDeps, email: string): Promise<{ message: string }> {
  // Counted for any address, known or not, so a 429 tells nothing about accounts.
  await throttle(deps.rateLimiter, { key: `forgot-password-email:${email.trim().toLowerCase()}`, ...FORGOT_PASSWORD_LIMITS.perEmail });
  const reply = { message: FORGOT_PASSWORD_MESSAGE };
  const attempt = await deps.rateLimiter.reserve({
    key: `password-reset-mail:${email.toLowerCase()}`,
    limit: 1,
    windowSeconds: RESET_MAIL_WINDOW_SECONDS,
  });
  if (attempt.allowed) {
    await deps.jobs.send(passwordResetRequestJob, { email });
  }
  return reply;
}

export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'jobs'>,
  input: ResetPasswordInput,
  meta: SessionMeta,
): Promise<{ message: string }> {
  const invalid = () => AppError.field('email', INVALID_RESET_TOKEN_MESSAGE);
  const row = await resetTokens.findPasswordResetToken(deps.db, sha256Hex(input.token));
  const maxAgeMs = SIGNED_LINK_MINUTES * 60 * 1000;
  if (!row || row.email.toLowerCase() !== input.email.toLowerCase() || Date.now() - row.created_at.getTime() > maxAgeMs) throw invalid();
  if (await isPasswordBreached(deps, input.password)) throw AppError.field('password', BREACHED_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await resetTokens.consumePasswordResetToken(trx, row.token_id))) throw invalid();
    const resetAt = new Date();
    await users.updateUser(trx, row.user_id, { password_hash: passwordHash, password_reset_at: resetAt });
    await resetTokens.deletePasswordResetTokensOf(trx, row.user_id);
    // A passkey added by whoever had the password or the mailbox would outlive the reset: those
    // added since the last reset go, unless the owner says they added them
    // (docs/decisions/reset-removes-new-passkeys.md).
    if (!input.keep_passkeys) await passkeys.deletePasskeysAddedAfter(trx, row.user_id, row.password_reset_at ?? row.user_created_at);
    // Whoever knew the old password is signed out everywhere, including this browser.
    await deleteOtherSessions(trx, row.user_id);
    await queueSecurityAlert(deps, trx, { userId: row.user_id, to: row.email, event: 'password-reset', meta });
    // Not signed in: the reset link speaks for the account's owner.
    await recordActivity(trx, {
      actor: actorFromMeta(row.user_id, meta),
      kind: 'password-reset',
      item: { type: 'user', id: row.user_id, label: row.email },
    });
  });
  return { message: PASSWORD_RESET_MESSAGE };
}

export async function confirmPassword(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'>,
  userId: number,
  sessionId: string,
  password: string,
): Promise<void> {
  await assertOwnPassword(deps, userId, password);
  await setPasswordConfirmedAt(deps.db, sessionId, new Date());
}

/**
 * The 422 on `password` unless it is the user's, under the per-user limits (429): the
 * confirmation, signing out the other devices and deleting the account all ask this way.
 */
export async function assertOwnPassword(deps: Pick<AppDeps, 'db' | 'rateLimiter'>, userId: number, password: string): Promise<void> {
  const user = await users.findPasswordHash(deps.db, userId);
  if (!user || !(await checkOwnPassword(deps, userId, user.password_hash, password)))
    throw AppError.field('password', WRONG_PASSWORD_MESSAGE);
}

export function getConfirmedPasswordStatus(passwordConfirmedAt: Date | null): { confirmed: boolean } {
  return { confirmed: isPasswordRecentlyConfirmed(passwordConfirmedAt) };
}

export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'config' | 'log' | 'jobs'>,
  userId: number,
  currentToken: string | null,
  input: ChangePasswordInput,
  meta: SessionMeta,
): Promise<void> {
  const user = await users.findPasswordHash(deps.db, userId);
  if (!user || !(await checkOwnPassword(deps, userId, user.password_hash, input.current_password))) {
    throw AppError.field('current_password', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  if (input.password.toLowerCase() === user.email.toLowerCase()) throw AppError.field('password', NOT_EMAIL_MESSAGE);
  if (await isPasswordBreached(deps, input.password)) throw AppError.field('password', BREACHED_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, userId, { password_hash: passwordHash });
    await deleteOtherSessions(trx, userId, currentToken ?? undefined);
    await queueSecurityAlert(deps, trx, { userId, to: user.email, event: 'password-changed', meta });
    await recordActivity(trx, {
      actor: actorFromMeta(userId, meta),
      kind: 'password-changed',
      item: { type: 'user', id: userId, label: user.email },
    });
  });
}
