/**
 * Sign-in (rest-contract.md, Session: /login, /two-factor-challenge, /logout): the password check
 * with its throttle, the two-factor step for users who have it on, and sign-out everywhere.
 *
 * A caller who is already signed in (Fortify redirects, which an API client cannot follow) is
 * signed out of the old account by the rotation, so the newest credentials win and no session is
 * ever shared by two accounts; the two-factor challenge needs the pending login that only /login
 * leaves on the session.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { getDummyPasswordHash, verifyPassword } from '#server/auth/passwords.ts';
import { deleteOtherSessions } from '#server/auth/sessions.ts';
import { findPendingLogin } from '#server/auth/sessions.repository.ts';
import { passTwoFactorChallenge } from '#server/two-factor/two-factor.service.ts';
import { findLoginUserByEmail } from '#server/users/users.repository.ts';
import type { LoginResult, TwoFactorChallengeInput } from '#shared/schemas/session.ts';
import { INVALID_TWO_FACTOR_CODE_MESSAGE } from '#shared/schemas/two-factor.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from './session-grant.ts';

const BAD_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';

const LOGIN_MAX_FAILURES = 5;
const LOGIN_WINDOW_SECONDS = 60;
const TWO_FACTOR_MAX_ATTEMPTS = 5;
const PENDING_LOGIN_MS = 5 * 60 * 1000;

function loginThrottleKey(email: unknown, ip: string | null): string {
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return `login:${normalised}|${ip ?? ''}`;
}

/** The 429 once an e-mail and address have failed 5 times within a minute (checked before anything else). */
export async function assertLoginNotThrottled(deps: Pick<AppDeps, 'rateLimiter'>, email: unknown, ip: string | null): Promise<void> {
  const state = await deps.rateLimiter.peek(loginThrottleKey(email, ip), LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (state.allowed) return;
  const message = `Too many login attempts. Please try again in ${state.retryAfterSeconds} seconds.`;
  throw AppError.tooManyRequests(state.retryAfterSeconds, message, { email: [message] });
}

export async function login(
  deps: AppDeps,
  input: { email: string; password: string; remember: boolean },
  current: CurrentSession,
): Promise<{ result: LoginResult; grant: SessionGrant }> {
  await assertLoginNotThrottled(deps, input.email, current.meta.ipAddress);
  const user = await findLoginUserByEmail(deps.db, input.email);
  // An unknown address costs one hash check too, so timing does not reveal which addresses exist.
  const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyPasswordHash()), input.password);
  const throttleKey = loginThrottleKey(input.email, current.meta.ipAddress);
  if (!user || !passwordOk) {
    await deps.rateLimiter.hit(throttleKey, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
    throw AppError.field('email', BAD_CREDENTIALS_MESSAGE);
  }
  await deps.rateLimiter.reset(throttleKey);

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
  return { result: { two_factor: false }, grant: { token, remember: input.remember } };
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
  const attempt = await deps.rateLimiter.hit(`two-factor:${pending.id}`, TWO_FACTOR_MAX_ATTEMPTS, 60);
  if (!attempt.allowed) throw AppError.tooManyRequests(attempt.retryAfterSeconds);

  const userId = pending.pending_user_id!;
  await passTwoFactorChallenge(deps, userId, input);
  const token = await rotateSession(deps, current, { userId, remember: pending.pending_remember });
  await deps.rateLimiter.reset(`two-factor:${pending.id}`);
  return { token, remember: pending.pending_remember };
}

/** Signs the user out everywhere (logout ends the user's other sessions too). */
export async function logout(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  await deleteOtherSessions(deps.db, userId);
}
