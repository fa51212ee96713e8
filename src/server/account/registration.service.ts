/**
 * Registration (rest-contract.md, Session: POST /api/register): a new account with role user,
 * signed in at once (the session rotates), and a verification e-mail queued with the account. An optional CV is
 * stored before the row points at it and removed again if the row cannot be written.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError, isUniqueViolation } from '#server/errors.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { reserveAttempt, type RateLimit } from '#server/auth/rate-limiter.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import { cvColumns, checkCvUpload, storeCv, type CvUpload } from '#server/files/cv.ts';
import * as users from '#server/users/users.repository.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { REGISTER_HONEYPOT_FIELD, type RegisterInput } from '#shared/schemas/session.ts';
import { messages } from '#shared/validation.ts';
import { SEND_MAIL_JOB } from '#server/mail/outgoing-mail.ts';
import { queueVerificationMail } from './account-mail.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';

/**
 * Registration limits (issue 12 item 4: 25 accounts and their mails in under a second from one
 * client). Every attempt counts, reserved before the body is read, so a refused CV upload is never
 * stored. The overall limit bounds a spread-out flood too, at the cost that a flood can hold back
 * real sign-ups for the rest of the hour (docs/decisions/atomic-rate-limits.md).
 */
export const REGISTRATION_LIMITS = {
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
  overall: { limit: 100, windowSeconds: 60 * 60 },
} as const;

export function registrationLimits(ip: string | null): RateLimit[] {
  return [
    { key: `register:${ip ?? ''}`, ...REGISTRATION_LIMITS.perAddress },
    { key: 'register-overall', ...REGISTRATION_LIMITS.overall },
  ];
}

/** Reserves one registration for the client's address and overall; 429 when either is used up. */
export async function reserveRegistration(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  const attempt = await reserveAttempt(deps.rateLimiter, registrationLimits(ip));
  if (!attempt.allowed) throw AppError.tooManyRequests(attempt.retryAfterSeconds);
}

/** Anything but nothing or blank text: a bot may send any type. */
function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

export async function register(deps: AppDeps, input: RegisterInput, cv: CvUpload | null, current: CurrentSession): Promise<SessionGrant> {
  if (isFilled(input[REGISTER_HONEYPOT_FIELD])) {
    // A bot: the answer a person gets (a new session cookie), but no account, no file, no mail.
    deps.log.info({ ip: current.meta.ipAddress }, 'registration honeypot filled; nothing created');
    return { token: generateSessionToken(), remember: false };
  }
  const errors: FieldErrors = {};
  // Also checked with zod's messages when the input is invalid (registerChecks); here it is the last guard.
  if (await users.isEmailTaken(deps.db, input.email)) errors.email = [messages.taken('email')];
  const cvType = await checkCvUpload(cv, errors);
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const passwordHash = await hashPassword(input.password);
  const cvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  let userId: number;
  try {
    // The account and its verification mail are kept together or not at all.
    userId = await deps.db.transaction().execute(async (trx) => {
      const id = await users.insertUser(trx, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        role: 'user',
        password_hash: passwordHash,
        ...(cv && cvKey && cvType ? cvColumns(cv, cvKey, cvType) : {}),
      });
      await queueVerificationMail(deps, trx, { id, email: input.email });
      return id;
    });
  } catch (error) {
    if (cvKey) await deps.storage.delete(cvKey);
    // A concurrent registration won the race.
    if (isUniqueViolation(error)) throw AppError.field('email', messages.taken('email'));
    throw error;
  }
  const token = await rotateSession(deps, current, { userId, remember: false });
  deps.jobs.wake(SEND_MAIL_JOB);
  return { token, remember: false };
}
