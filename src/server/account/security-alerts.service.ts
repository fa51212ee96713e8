/**
 * Security e-mails: a sign-in from a device (a device cookie, auth/device-cookie.ts) the account has not used before,
 * the password changed or reset, two-factor on or off, new recovery codes, a passkey added, the
 * e-mail address changed (to the old address too). Not optional. Each is queued with queueMail in
 * the transaction of the change, says what, when and from where (auth/device.ts), and carries a
 * single-use "this wasn't me" link: it gives the account back (docs/decisions/security-emails.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { describeDevice } from '#server/auth/device.ts';
import { deviceCookieValue, deviceIdHash, newDeviceId, verifiedDeviceId } from '#server/auth/device-cookie.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { throttle, type RateLimit } from '#server/auth/rate-limiter.ts';
import { deleteOtherSessions, type SessionMeta } from '#server/auth/sessions.ts';
import type { CurrentSession } from '#server/auth/session-grant.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { clearTwoFactor, findUserForMail, updateUser } from '#server/users/users.repository.ts';
import type { SecurityEvent } from '#shared/value-sets.ts';
import { THIS_WASNT_ME_INVALID_MESSAGE, thisWasntMeMessage } from '#shared/schemas/security.ts';
import { deleteKnownDevicesOf, recordKnownDevice } from './known-devices.repository.ts';
import { consumeSecurityAlertToken, deleteSecurityAlertTokensOf } from './security-alert-tokens.repository.ts';
import { deletePasswordResetTokensOf } from './password-reset-tokens.repository.ts';
import { deletePasskeysOf } from './passkeys.repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** How long a "this wasn't me" link works. */
export const THIS_WASNT_ME_DAYS = 7;

/** Guesses at "this wasn't me" tokens, per address (the tokens are 256 bits: this bounds the work, not the odds). */
export const THIS_WASNT_ME_LIMITS = {
  perAddress: { limit: 10, windowSeconds: 60 },
} as const;

/**
 * Queues the security e-mail about `event` in `trx`, the transaction of the change. `to` is the
 * address it goes to (the user's, or the old one after an e-mail change).
 */
export async function queueSecurityAlert(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Executor,
  alert: { userId: number; to: string; event: SecurityEvent; meta: SessionMeta; at?: Date; oldEmail?: string; newEmail?: string },
): Promise<void> {
  const device = describeDevice(alert.meta);
  await queueMail(deps, trx, {
    kind: 'security-alert',
    to: alert.to,
    params: {
      userId: alert.userId,
      facts: {
        event: alert.event,
        at: (alert.at ?? new Date()).toISOString(),
        browser: device.browser,
        system: device.system,
        ipAddress: device.ipAddress,
        ...(alert.oldEmail ? { oldEmail: alert.oldEmail } : {}),
        ...(alert.newEmail ? { newEmail: alert.newEmail } : {}),
      },
    },
  });
}

/** Queues the alert in a transaction of its own with its user's address, then wakes the sender. */
export async function sendSecurityAlert(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  alert: { userId: number; event: SecurityEvent; meta: SessionMeta },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserForMail(trx, alert.userId);
    if (user) await queueSecurityAlert(deps, trx, { ...alert, to: user.email });
  });
}

/**
 * A completed sign-in: the device is remembered, and when the user has not signed in from it
 * before, the "new sign-in" e-mail is queued with it (one transaction: two sign-ins at once from a
 * new device queue one mail). The device is the one its signed cookie names; a request without a
 * valid one (none, forged, expired) is a new device with a new id, whatever its User-Agent says.
 * Gives back the cookie to write: the same id signed for another 400 days, or the new one.
 * `quiet` remembers without a mail (registration's own device).
 */
export async function noteSignIn(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  userId: number,
  current: Pick<CurrentSession, 'meta' | 'deviceCookie'>,
  options: { quiet?: boolean } = {},
): Promise<string> {
  const deviceId = verifiedDeviceId(deps.config.appKeys, current.deviceCookie) ?? newDeviceId();
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await recordKnownDevice(trx, userId, deviceIdHash(deviceId));
    if (!fresh || options.quiet) return;
    const user = await findUserForMail(trx, userId);
    if (user) await queueSecurityAlert(deps, trx, { userId, to: user.email, event: 'new-sign-in', meta: current.meta });
  });
  return deviceCookieValue(deps.config.appKey, deviceId);
}

export function thisWasntMeLimits(ip: string | null): RateLimit[] {
  return [{ key: `this-wasnt-me:${ip ?? ''}`, ...THIS_WASNT_ME_LIMITS.perAddress }];
}

/**
 * "This wasn't me", in one transaction: the token is used up (with every other alert link of the
 * user), the address an e-mail change replaced is restored when the link was mailed to it, every
 * session ends, the password is replaced by a random one nobody knows, two-factor and every passkey
 * are removed (all of them: which were the intruder's cannot be told), and the reset link is mailed
 * to the address the account has now, the original one. A token unknown, used or older than 7 days
 * is a 422 on `token`.
 */
export async function reportThisWasntMe(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'rateLimiter'>,
  token: string,
  ip: string | null,
): Promise<{ message: string }> {
  const attempt = await throttle(deps.rateLimiter, thisWasntMeLimits(ip));
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const notBefore = new Date(Date.now() - THIS_WASNT_ME_DAYS * 24 * 60 * 60 * 1000);
  // Hashed before the transaction: hashing is slow, and the transaction holds locks.
  const unusablePasswordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const email = await deps.db.transaction().execute(async (trx) => {
    const used = await consumeSecurityAlertToken(trx, tokenHash, notBefore);
    if (used === undefined) throw AppError.field('token', THIS_WASNT_ME_INVALID_MESSAGE);
    const { userId, restoreEmail } = used;
    await deleteSecurityAlertTokensOf(trx, userId, { keepRestoring: restoreEmail === null });
    // The owner proved the original mailbox by opening the mail sent to it.
    const restored = restoreEmail === null ? {} : { email: restoreEmail, email_verified_at: new Date() };
    await updateUser(trx, userId, { ...restored, password_hash: unusablePasswordHash });
    await deleteOtherSessions(trx, userId);
    await clearTwoFactor(trx, userId);
    await deletePasskeysOf(trx, userId);
    // An intruder's browser would otherwise stay known, and sign in again without a mail.
    await deleteKnownDevicesOf(trx, userId);
    await deletePasswordResetTokensOf(trx, userId);
    const user = await findUserForMail(trx, userId);
    if (!user) throw AppError.field('token', THIS_WASNT_ME_INVALID_MESSAGE);
    await queueMail(deps, trx, { kind: 'password-reset', to: user.email, params: { userId } });
    return user.email;
  });
  await attempt.release();
  return { message: thisWasntMeMessage(email) };
}
