/**
 * Sign-in (rest-contract.md, Session: /login, /two-factor-challenge, /logout): the password check
 * with its throttle, the two-factor step for users who have it on, and sign-out everywhere.
 *
 * A caller who is already signed in (Fortify redirects, which an API client cannot follow) is
 * signed out of the old account by the rotation, so the newest credentials win and no session is
 * ever shared by two accounts; the two-factor challenge needs the pending login that only /login
 * leaves on the session.
 */
import { createHash } from 'node:crypto';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { getDummyPasswordHash, verifyPassword } from '#server/auth/passwords.ts';
import { throttle, type Attempt, type RateLimit } from '#server/auth/rate-limiter.ts';
import { deleteOtherSessions } from '#server/auth/sessions.ts';
import { findPendingLogin } from '#server/auth/sessions.repository.ts';
import { passTwoFactorChallenge } from '#server/two-factor/two-factor.service.ts';
import { findLoginUserByEmail } from '#server/users/users.repository.ts';
import type { LoginResult, TwoFactorChallengeInput } from '#shared/schemas/session.ts';
import { INVALID_TWO_FACTOR_CODE_MESSAGE } from '#shared/schemas/two-factor.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';
import { noteSignIn } from './security-alerts.service.ts';

const BAD_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';

const PENDING_LOGIN_MS = 5 * 60 * 1000;

/**
 * The login limits (docs/rest-contract.md, POST /login). Each attempt is reserved before the
 * input is validated or a password hashed; a success gives back its own attempt (so the contract's
 * "5 failures" holds) but never resets the window (docs/decisions/atomic-rate-limits.md).
 */
export const LOGIN_LIMITS = {
  /** One e-mail from one address: the contract's 5 failures in 60 s. */
  perEmailAndAddress: { limit: 5, windowSeconds: 60 },
  /** One e-mail from any address, so a guesser with many addresses gets no more (and no account more than this). */
  perEmail: { limit: 20, windowSeconds: 15 * 60 },
  /** One address across e-mails: bounds the password hashes one client can make us compute. */
  perAddress: { limit: 30, windowSeconds: 60 },
} as const;

/** The two-factor challenge, per user (not per pending login: signing in again gives no new guesses). */
export const TWO_FACTOR_LIMITS = {
  perMinute: { limit: 5, windowSeconds: 60 },
  perHour: { limit: 20, windowSeconds: 60 * 60 },
} as const;

export function twoFactorLimits(userId: number): RateLimit[] {
  return [
    { key: `two-factor:${userId}`, ...TWO_FACTOR_LIMITS.perMinute },
    { key: `two-factor-hour:${userId}`, ...TWO_FACTOR_LIMITS.perHour },
  ];
}

function loginLimits(email: unknown, ip: string | null): RateLimit[] {
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  const address = ip ?? '';
  return [
    { key: `login:${normalised}|${address}`, ...LOGIN_LIMITS.perEmailAndAddress },
    { key: `login-email:${normalised}`, ...LOGIN_LIMITS.perEmail },
    { key: `login-address:${address}`, ...LOGIN_LIMITS.perAddress },
  ];
}

/**
 * Reserves one login attempt, first of all (docs/rest-contract.md: 429 before 422), and answers
 * the contract's 429 when any login limit is used up. The caller releases it on success.
 */
export async function reserveLoginAttempt(deps: Pick<AppDeps, 'rateLimiter' | 'db'>, email: unknown, ip: string | null): Promise<Attempt> {
  return throttle(deps.rateLimiter, loginLimits(email, ip), async (refused) => {
    await recordThrottledSignIn(deps, refused.refusedKeys ?? [], email, ip);
    return tooManyLoginAttempts(refused, 'email');
  });
}

/** The contract's 429 for a used-up login limit (password or e-mailed code), its message on the field. */
export function tooManyLoginAttempts(refused: Attempt, field: string): AppError {
  const message = `Too many login attempts. Please try again in ${refused.retryAfterSeconds} seconds.`;
  return AppError.tooManyRequests(refused.retryAfterSeconds, message, { [field]: [message] });
}

/** One activity entry per throttled identifier (the e-mail, or the address) per window of this length. */
export const THROTTLE_ENTRY_WINDOW_MS = 15 * 60 * 1000;

/**
 * The activity entry of a sign-in the throttle refused: one per identifier and 15-minute window,
 * however many attempts (the once_key is unique, so parallel refusals write one row). The address
 * limit's refusals name the address; the e-mail limits' name the e-mail.
 */
async function recordThrottledSignIn(deps: Pick<AppDeps, 'db'>, refusedKeys: string[], email: unknown, ip: string | null): Promise<void> {
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  const window = Math.floor(Date.now() / THROTTLE_ENTRY_WINDOW_MS);
  const identifiers = new Set(refusedKeys.map((key) => (key.startsWith('login-address:') ? 'address' : 'email')));
  for (const identifier of identifiers) {
    const value = identifier === 'address' ? (ip ?? '') : normalised;
    const digest = createHash('sha256').update(`${identifier}|${value}`).digest('hex');
    await recordActivity(deps.db, {
      actor: { userId: null, ip, label: 'Visitor (not signed in)' },
      kind: 'sign-in-throttled',
      item: identifier === 'email' ? { type: 'sign-in', label: normalised } : { type: 'address', label: ip },
      details: identifier === 'address' ? 'too many attempts from this address' : 'too many attempts for this e-mail',
      onceKey: `sign-in-throttled:${digest}:${window}`,
    });
  }
}

export async function login(
  deps: AppDeps,
  input: { email: string; password: string; remember: boolean },
  current: CurrentSession,
  /** From reserveLoginAttempt, which the procedure calls before validating the input. */
  attempt: Attempt,
): Promise<{ result: LoginResult; grant: SessionGrant }> {
  const user = await findLoginUserByEmail(deps.db, input.email);
  // An unknown address costs one hash check too, so timing does not reveal which addresses exist.
  const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyPasswordHash()), input.password);
  if (!user || !passwordOk) throw AppError.field('email', BAD_CREDENTIALS_MESSAGE);
  await attempt.release();
  return grantAfterFirstFactor(deps, user, input.remember, current);
}

/**
 * After a first factor (the password, an e-mailed code): signed in, or for a user with two-factor
 * on, half-way: the two-factor step comes next (a first factor never replaces the second).
 */
export async function grantAfterFirstFactor(
  deps: AppDeps,
  user: { id: number; two_factor_confirmed_at: Date | null },
  remember: boolean,
  current: CurrentSession,
): Promise<{ result: LoginResult; grant: SessionGrant }> {
  const input = { remember };
  if (user.two_factor_confirmed_at) {
    // Not signed in yet: the row only remembers who is half-way through, for 5 minutes.
    const token = await rotateSession(deps, current, {
      userId: null,
      remember: false,
      pendingUserId: user.id,
      pendingRemember: input.remember,
      pendingExpiresAt: new Date(Date.now() + PENDING_LOGIN_MS),
    });
    return { result: { two_factor: true }, grant: { token, remember: false } };
  }
  const token = await rotateSession(deps, current, { userId: user.id, remember: input.remember });
  const deviceCookie = await noteSignIn(deps, user.id, current);
  return { result: { two_factor: false }, grant: { token, remember: input.remember, deviceCookie } };
}

export async function completeTwoFactorLogin(
  deps: AppDeps,
  input: TwoFactorChallengeInput,
  current: CurrentSession,
): Promise<SessionGrant> {
  const pending = current.sessionId ? await findPendingLogin(deps.db, current.sessionId) : undefined;
  const isPending =
    pending?.pending_user_id != null && pending.pending_expires_at !== null && pending.pending_expires_at.getTime() > Date.now();
  if (!pending || !isPending) {
    // Fortify answers a challenge without a login in progress as a failed code.
    throw AppError.field('code', INVALID_TWO_FACTOR_CODE_MESSAGE);
  }
  const userId = pending.pending_user_id!;
  // Reserved before the code is checked, so parallel guesses cannot all slip under the limit.
  const attempt = await throttle(deps.rateLimiter, twoFactorLimits(userId));

  await passTwoFactorChallenge(deps, userId, input);
  await attempt.release();
  const token = await rotateSession(deps, current, { userId, remember: pending.pending_remember });
  const deviceCookie = await noteSignIn(deps, userId, current);
  return { token, remember: pending.pending_remember, deviceCookie };
}

/** Signs the user out everywhere (logout ends the user's other sessions too). */
export async function logout(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  await deleteOtherSessions(deps.db, userId);
}
