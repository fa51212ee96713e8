/**
 * One-time e-mail codes: "E-mail me a code" on the login page. A 6-digit code that
 * works for 10 minutes, once, and dies after 5 wrong tries; the request answers the same whether
 * the address has an account or not (it only queues a job: the look-up, the code and the mail come
 * after the answer, as for a forgotten password). The code replaces the password, never the second
 * factor: an account with two-factor on goes on to the two-factor step. Requests and tries are
 * throttled per e-mail and address like the password login (docs/decisions/email-sign-in-codes.md).
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle, type Attempt, type RateLimit } from '#server/auth/rate-limiter.ts';
import type { CurrentSession, SessionGrant } from '#server/auth/session-grant.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';
import { findLoginUserByEmail } from '#server/users/users.repository.ts';
import {
  EMAIL_CODE_INVALID_MESSAGE,
  EMAIL_CODE_SENT_MESSAGE,
  EMAIL_CODES_LOCKED_MESSAGE,
  type EmailCodeLoginInput,
} from '#shared/schemas/security.ts';
import type { LoginResult } from '#shared/schemas/session.ts';
import { emailCodeRequestJob } from '#server/jobs/definitions/email-code-request.ts';
import * as codes from './email-login-codes.repository.ts';
import { EMAIL_CODE_TRIES, emailCodeHash, type EmailCodePurpose } from './email-codes.ts';
import { grantAfterFirstFactor, LOGIN_LIMITS, tooManyLoginAttempts } from './sign-in.service.ts';
import { sendSecurityAlert } from './security-alerts.service.ts';

/** Asking for codes: per e-mail (any address) and per address (any e-mail). */
export const EMAIL_CODE_REQUEST_LIMITS = {
  perEmail: { limit: 3, windowSeconds: 15 * 60 },
  perAddress: { limit: 10, windowSeconds: 15 * 60 },
} as const;

const normalised = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

/** Reserves one code request before the input is read; 429 when a limit is used up. */
export async function reserveEmailCodeRequest(deps: Pick<AppDeps, 'rateLimiter'>, email: unknown, ip: string | null): Promise<void> {
  const limits: RateLimit[] = [
    { key: `email-code-request:${normalised(email)}`, ...EMAIL_CODE_REQUEST_LIMITS.perEmail },
    { key: `email-code-request-address:${ip ?? ''}`, ...EMAIL_CODE_REQUEST_LIMITS.perAddress },
  ];
  await throttle(deps.rateLimiter, limits);
}

/** Queues the look-up and the mail; the same answer, in the same time, for any address. */
export async function requestEmailCode(deps: Pick<AppDeps, 'jobs'>, email: string): Promise<{ message: string }> {
  await deps.jobs.send(emailCodeRequestJob, { email, requestedAt: new Date().toISOString() });
  return { message: EMAIL_CODE_SENT_MESSAGE };
}

/**
 * Tries with a code per account over a long window, whatever the address, the code or the short
 * windows: a new code or a new quarter of an hour gives no new guesses. Counted in the rate limiter
 * (the database's, when copies share one), reserved before the code is checked; past it, codes are
 * refused until the window ends and the owner is e-mailed once.
 */
export const EMAIL_CODE_ACCOUNT_LIMITS = {
  perDay: { limit: 10, windowSeconds: 24 * 60 * 60 },
} as const;

/** Reserves one try for the account; past the day's limit, the owner is told once and the try refused (429). */
export async function reserveAccountTry(deps: AppDeps, userId: number, meta: SessionMeta): Promise<Attempt> {
  return throttle(deps.rateLimiter, { key: `email-code-account:${userId}`, ...EMAIL_CODE_ACCOUNT_LIMITS.perDay }, async (attempt) => {
    // One mail per lock: the first refusal of the window sends it, parallel ones do not.
    const mail = await deps.rateLimiter.reserve({
      key: `email-code-locked-mail:${userId}`,
      limit: 1,
      windowSeconds: EMAIL_CODE_ACCOUNT_LIMITS.perDay.windowSeconds,
    });
    if (mail.allowed) await sendSecurityAlert(deps, { userId, event: 'email-codes-locked', meta });
    return AppError.tooManyRequests(attempt.retryAfterSeconds, EMAIL_CODES_LOCKED_MESSAGE, { code: [EMAIL_CODES_LOCKED_MESSAGE] });
  });
}

/** Tries with a code: the password login's limits, under keys of their own. */
export async function reserveEmailCodeAttempt(deps: Pick<AppDeps, 'rateLimiter'>, email: unknown, ip: string | null): Promise<Attempt> {
  const address = ip ?? '';
  return throttle(
    deps.rateLimiter,
    [
      { key: `email-code:${normalised(email)}|${address}`, ...LOGIN_LIMITS.perEmailAndAddress },
      { key: `email-code-email:${normalised(email)}`, ...LOGIN_LIMITS.perEmail },
      { key: `email-code-address:${address}`, ...LOGIN_LIMITS.perAddress },
    ],
    (refused) => tooManyLoginAttempts(refused, 'code'),
  );
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Uses up the user's live code if `code` is it (for `purpose`); a wrong code counts against the
 * code's tries. False for a wrong, used, expired or worn-out code.
 */
export async function useEmailCode(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  code: string,
  purpose: EmailCodePurpose,
): Promise<boolean> {
  const live = await codes.findLiveEmailLoginCode(deps.db, userId, EMAIL_CODE_TRIES);
  if (!live) return false;
  if (!sameHash(live.code_hash, emailCodeHash(deps.config.appKey, userId, code, purpose))) {
    await codes.countWrongEmailLoginCode(deps.db, live.id, EMAIL_CODE_TRIES);
    return false;
  }
  return codes.consumeEmailLoginCode(deps.db, live.id, live.code_hash, EMAIL_CODE_TRIES);
}

export async function signInWithEmailCode(
  deps: AppDeps,
  input: EmailCodeLoginInput,
  current: CurrentSession,
  attempt: Attempt,
): Promise<{ result: LoginResult; grant: SessionGrant }> {
  const invalid = () => AppError.field('code', EMAIL_CODE_INVALID_MESSAGE);
  const user = await findLoginUserByEmail(deps.db, input.email);
  if (!user) throw invalid();
  const accountTry = await reserveAccountTry(deps, user.id, current.meta);
  if (!(await useEmailCode(deps, user.id, input.code, 'sign-in'))) throw invalid();
  await attempt.release();
  await accountTry.release();
  return grantAfterFirstFactor(deps, user, input.remember, current);
}
