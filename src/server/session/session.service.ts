/**
 * The account rules of CONTRACT.md "Session": registration, sign-in with throttling and the
 * two-factor step, sign-out, e-mail verification, password reset, confirmation and change, and
 * the profile with its CV. Routers (tRPC and the upload routes) pass plain values in and write
 * cookies from what comes back; nothing here knows about HTTP.
 *
 * Sign-in, registration and the two-factor step rotate the session: a new token and row, the old
 * row deleted. Guest-only paths and a caller who is already signed in (Fortify redirects, which an
 * API client cannot follow): register and login sign the old account out by that rotation, so the
 * newest credentials win and no session is ever shared by two accounts; the two-factor challenge
 * needs the pending login that only /login leaves on the session; forgot and reset password are
 * answered as for a guest (a reset then ends every session of its account, this one included).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '#server/context.ts';
import { AppError, type FieldErrors } from '#server/errors.ts';
import { getDummyPasswordHash, hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { deleteOtherSessions, deleteSession, generateSessionToken, saveSession, type SessionMeta } from '#server/auth/sessions.ts';
import { emailHash, isVerificationSignatureValid, verificationPath } from '#server/auth/signed-links.ts';
import { isPasswordRecentlyConfirmed } from '#server/trpc.ts';
import { cleanOriginalName, CV_INVALID_TYPE_MESSAGE, detectCvType, storeCv, type CvType } from '#server/files/cv.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { passwordResetMessage, verificationMessage } from '#server/mail/messages.ts';
import { passTwoFactorChallenge } from '#server/two-factor/two-factor.service.ts';
import { presentUser } from '#server/users/user-presenter.ts';
import { messages } from '#shared/validation.ts';
import { SIGNED_LINK_MINUTES } from '#shared/limits.ts';
import type { User } from '#shared/schemas/user.ts';
import {
  FORGOT_PASSWORD_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  type ChangePasswordInput,
  type LoginResult,
  type ProfileInput,
  type RegisterInput,
  type ResetPasswordInput,
  type TwoFactorChallengeInput,
  type VerifyEmailInput,
} from '#shared/schemas/session.ts';
import * as accounts from './accounts.repository.ts';

export const BAD_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too Many Attempts.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset token is invalid.';
export const WRONG_PASSWORD_MESSAGE = 'The provided password was incorrect.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The provided password does not match your current password.';
export const NOT_EMAIL_MESSAGE = 'The password must not be the same as your email address.';

const LOGIN_MAX_FAILURES = 5;
const LOGIN_WINDOW_SECONDS = 60;
const TWO_FACTOR_MAX_ATTEMPTS = 5;
const VERIFICATION_MAILS_PER_MINUTE = 6;
const RESET_MAIL_WINDOW_SECONDS = 60;
const PENDING_LOGIN_MS = 5 * 60 * 1000;

/** The caller's session as the router sees it, in plain values. */
export interface CurrentSession {
  token: string | null;
  sessionId: string | null;
  meta: SessionMeta;
}

/** A session the router must now write cookies for. */
export interface SessionGrant {
  token: string;
  remember: boolean;
}

/** A CV that readMultipart stored in a temporary file. */
export interface CvUpload {
  path: string;
  filename: string;
  size: number;
}

// ---------------------------------------------------------------------------------------------
// helpers

async function rotateSession(
  deps: AppDeps,
  current: CurrentSession,
  values: Omit<Parameters<typeof saveSession>[2], 'meta'>,
): Promise<string> {
  const token = generateSessionToken();
  await deps.db.transaction().execute(async (trx) => {
    await saveSession(trx, token, { ...values, meta: current.meta });
    if (current.token) await deleteSession(trx, current.token);
  });
  return token;
}

/** A mail that cannot be sent never undoes the change that caused it: it is logged, the user can ask again. */
async function sendSafely(deps: AppDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  }
}

async function sendVerificationMail(deps: AppDeps, user: { id: number; firstname: string; email: string }): Promise<void> {
  const url = deps.config.appUrl + verificationPath(deps.config.appKey, user.id, user.email);
  await sendSafely(deps, verificationMessage({ to: user.email, firstname: user.firstname, url }));
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

function emailTaken(): AppError {
  return AppError.field('email', messages.taken('email'));
}

function throwIfAny(errors: FieldErrors): void {
  const all = Object.values(errors).flat();
  if (all.length) throw new AppError('VALIDATION', all[0]!, errors);
}

async function checkCv(cv: CvUpload | null, errors: FieldErrors): Promise<CvType | null> {
  if (!cv) return null;
  const type = await detectCvType(cv.path);
  if (!type) (errors.cvfile ??= []).push(CV_INVALID_TYPE_MESSAGE);
  return type;
}

// ---------------------------------------------------------------------------------------------
// registration and sign-in

export async function register(deps: AppDeps, input: RegisterInput, cv: CvUpload | null, current: CurrentSession): Promise<SessionGrant> {
  const errors: FieldErrors = {};
  // Also checked with zod's messages when the input is invalid (registerChecks); here it is the last guard.
  if (await accounts.isEmailTaken(deps.db, input.email)) errors.email = [messages.taken('email')];
  const cvType = await checkCv(cv, errors);
  throwIfAny(errors);

  const passwordHash = await hashPassword(input.password);
  const cvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  let userId: number;
  try {
    userId = await accounts.insertUser(deps.db, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      role: 'user',
      password_hash: passwordHash,
      ...(cv && cvKey && cvType
        ? { cv_file_key: cvKey, cv_original_name: cleanOriginalName(cv.filename), cv_mime_type: cvType.mime, cv_size: cv.size }
        : {}),
    });
  } catch (error) {
    if (cvKey) await deps.storage.delete(cvKey);
    if (isUniqueViolation(error)) throw emailTaken(); // a concurrent registration won the race
    throw error;
  }
  const token = await rotateSession(deps, current, { userId, remember: false });
  await sendVerificationMail(deps, { id: userId, firstname: input.firstname, email: input.email });
  return { token, remember: false };
}

function loginThrottleKey(email: unknown, ip: string | null): string {
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return `login:${normalised}|${ip ?? ''}`;
}

/** The 429 once an e-mail and address have failed 5 times within a minute (checked before anything else). */
export async function assertLoginNotThrottled(deps: AppDeps, email: unknown, ip: string | null): Promise<void> {
  const state = await deps.rateLimiter.peek(loginThrottleKey(email, ip), LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (state.allowed) return;
  const message = `Too many login attempts. Please try again in ${state.retryAfterSeconds} seconds.`;
  throw new AppError('TOO_MANY_REQUESTS', message, { email: [message] }, state.retryAfterSeconds);
}

export async function login(
  deps: AppDeps,
  input: { email: string; password: string; remember: boolean },
  current: CurrentSession,
): Promise<{ result: LoginResult; grant: SessionGrant }> {
  await assertLoginNotThrottled(deps, input.email, current.meta.ipAddress);
  const user = await accounts.findLoginUserByEmail(deps.db, input.email);
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
  const pending = current.sessionId ? await accounts.findPendingLogin(deps.db, current.sessionId) : undefined;
  const isPending =
    pending?.pending_user_id != null && pending.pending_expires_at !== null && pending.pending_expires_at.getTime() > Date.now();
  if (!pending || !isPending) {
    // Fortify answers a challenge without a login in progress as a failed code.
    throw AppError.field('code', 'The provided two factor authentication code was invalid.');
  }
  const attempt = await deps.rateLimiter.hit(`two-factor:${pending.id}`, TWO_FACTOR_MAX_ATTEMPTS, 60);
  if (!attempt.allowed) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE, undefined, attempt.retryAfterSeconds);

  const userId = pending.pending_user_id!;
  await passTwoFactorChallenge(deps, userId, input);
  const token = await rotateSession(deps, current, { userId, remember: pending.pending_remember });
  await deps.rateLimiter.reset(`two-factor:${pending.id}`);
  return { token, remember: pending.pending_remember };
}

/** Signs the user out everywhere (CONTRACT.md: logout ends the user's other sessions too). */
export async function logout(deps: AppDeps, userId: number): Promise<void> {
  await deleteOtherSessions(deps.db, userId);
}

export async function getCurrentUser(deps: AppDeps, userId: number): Promise<{ data: User }> {
  const row = await accounts.findPresentableUser(deps.db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  return { data: presentUser(row) };
}

// ---------------------------------------------------------------------------------------------
// e-mail verification

/** 'sent', or 'already-verified' (the 204). Six a minute per user. */
export async function resendVerification(deps: AppDeps, userId: number): Promise<'sent' | 'already-verified'> {
  const attempt = await deps.rateLimiter.hit(`verification-mail:${userId}`, VERIFICATION_MAILS_PER_MINUTE, 60);
  if (!attempt.allowed) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE, undefined, attempt.retryAfterSeconds);
  const user = await accounts.findUserForMail(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  if (user.email_verified_at) return 'already-verified';
  await sendVerificationMail(deps, user);
  return 'sent';
}

export async function verifyEmail(deps: AppDeps, userId: number, input: VerifyEmailInput): Promise<void> {
  if (!isVerificationSignatureValid(deps.config.appKey, input)) throw new AppError('INVALID_SIGNATURE', 'Invalid signature.');
  const user = await accounts.findUserForMail(deps.db, userId);
  if (!user || String(user.id) !== input.id || emailHash(user.email) !== input.hash.toLowerCase()) {
    throw new AppError('FORBIDDEN', 'This action is unauthorized.');
  }
  if (!user.email_verified_at) await accounts.markEmailVerified(deps.db, user.id, user.email);
}

// ---------------------------------------------------------------------------------------------
// passwords

export async function forgotPassword(deps: AppDeps, email: string): Promise<{ message: string }> {
  const reply = { message: FORGOT_PASSWORD_MESSAGE };
  const attempt = await deps.rateLimiter.hit(`password-reset-mail:${email.toLowerCase()}`, 1, RESET_MAIL_WINDOW_SECONDS);
  if (!attempt.allowed) return reply;
  const user = await accounts.findUserByEmailForMail(deps.db, email);
  if (!user) return reply;
  const token = randomBytes(32).toString('hex');
  // Only the hash is stored: a copy of the table does not let anyone reset a password.
  await accounts.replacePasswordResetToken(deps.db, user.id, sha256Hex(token));
  const url = `${deps.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  await sendSafely(deps, passwordResetMessage({ to: user.email, firstname: user.firstname, url }));
  return reply;
}

export async function resetPassword(deps: AppDeps, input: ResetPasswordInput): Promise<{ message: string }> {
  const invalid = () => AppError.field('email', INVALID_RESET_TOKEN_MESSAGE);
  const row = await accounts.findPasswordResetToken(deps.db, sha256Hex(input.token));
  const maxAgeMs = SIGNED_LINK_MINUTES * 60 * 1000;
  if (!row || row.email.toLowerCase() !== input.email.toLowerCase() || Date.now() - row.created_at.getTime() > maxAgeMs) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await accounts.consumePasswordResetToken(trx, row.token_id))) throw invalid();
    await accounts.updateUser(trx, row.user_id, { password_hash: passwordHash });
    await accounts.deletePasswordResetTokensOf(trx, row.user_id);
    // Whoever knew the old password is signed out everywhere, including this browser.
    await deleteOtherSessions(trx, row.user_id);
  });
  return { message: PASSWORD_RESET_MESSAGE };
}

export async function confirmPassword(deps: AppDeps, userId: number, sessionId: string, password: string): Promise<void> {
  const user = await accounts.findPasswordHash(deps.db, userId);
  if (!user || !(await verifyPassword(user.password_hash, password))) throw AppError.field('password', WRONG_PASSWORD_MESSAGE);
  await accounts.setPasswordConfirmedAt(deps.db, sessionId, new Date());
}

export function getConfirmedPasswordStatus(passwordConfirmedAt: Date | null): { confirmed: boolean } {
  return { confirmed: isPasswordRecentlyConfirmed(passwordConfirmedAt) };
}

export async function changePassword(
  deps: AppDeps,
  userId: number,
  currentToken: string | null,
  input: ChangePasswordInput,
): Promise<void> {
  const user = await accounts.findPasswordHash(deps.db, userId);
  if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
    throw AppError.field('current_password', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  if (input.password.toLowerCase() === user.email.toLowerCase()) throw AppError.field('password', NOT_EMAIL_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await accounts.updateUser(trx, userId, { password_hash: passwordHash });
    await deleteOtherSessions(trx, userId, currentToken ?? undefined);
  });
}

// ---------------------------------------------------------------------------------------------
// profile

/** 'YYYY-MM-DD', null for "no date", or field errors on day/month/year. */
export function parseDateOfBirth(
  parts: {
    day?: string | number | null | undefined;
    month?: string | number | null | undefined;
    year?: string | number | null | undefined;
  },
  errors: FieldErrors,
  today = new Date(),
): string | null {
  const raw = { day: parts.day ?? null, month: parts.month ?? null, year: parts.year ?? null };
  if (raw.day === null && raw.month === null && raw.year === null) return null;
  const thisYear = today.getUTCFullYear();
  const ranges = { day: [1, 31], month: [1, 12], year: [1900, thisYear] } as const;
  const values: Partial<Record<'day' | 'month' | 'year', number>> = {};
  for (const field of ['day', 'month', 'year'] as const) {
    const value = raw[field];
    const push = (message: string) => (errors[field] ??= []).push(message);
    if (value === null) {
      push(`The ${field} field is required when a date of birth is given.`);
      continue;
    }
    const n = typeof value === 'number' ? value : /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n)) {
      push(messages.integer(field));
      continue;
    }
    const [min, max] = ranges[field];
    if (n < min || n > max) {
      push(messages.between(field, min, max));
      continue;
    }
    values[field] = n;
  }
  if (values.day === undefined || values.month === undefined || values.year === undefined) return null;
  const date = new Date(Date.UTC(values.year, values.month - 1, values.day));
  if (date.getUTCDate() !== values.day || date.getUTCMonth() !== values.month - 1) {
    (errors.day ??= []).push('The date of birth is not a real date.');
    return null;
  }
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= startOfToday) {
    (errors.year ??= []).push('The date of birth must be a date before today.');
    return null;
  }
  return `${String(values.year).padStart(4, '0')}-${String(values.month).padStart(2, '0')}-${String(values.day).padStart(2, '0')}`;
}

export async function updateProfile(deps: AppDeps, userId: number, input: ProfileInput, cv: CvUpload | null): Promise<{ data: User }> {
  const errors: FieldErrors = {};
  const current = await accounts.findCvFields(deps.db, userId);
  if (!current) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  // Also checked with zod's messages when the input is invalid (profileChecks); here it is the last guard.
  if (emailChanged && (await accounts.isEmailTaken(deps.db, input.email, userId))) (errors.email ??= []).push(messages.taken('email'));
  const dob = parseDateOfBirth(input, errors);
  const cvType = await checkCv(cv, errors);
  throwIfAny(errors);

  // The new CV is stored before the row points at it, and the old one deleted only afterwards:
  // at every moment the row names a file that exists.
  const newCvKey = cv && cvType ? await storeCv(deps.storage, cv.path, cvType) : null;
  try {
    await accounts.updateUser(deps.db, userId, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      telephone: input.telephone ?? null,
      dob,
      ...(emailChanged ? { email_verified_at: null } : {}),
      ...(cv && newCvKey && cvType
        ? { cv_file_key: newCvKey, cv_original_name: cleanOriginalName(cv.filename), cv_mime_type: cvType.mime, cv_size: cv.size }
        : {}),
    });
  } catch (error) {
    if (newCvKey) await deps.storage.delete(newCvKey);
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (newCvKey && current.cv_file_key) {
    await deps.storage.delete(current.cv_file_key).catch((err: unknown) => deps.log.warn({ err }, 'old CV could not be deleted'));
  }
  if (emailChanged) await sendVerificationMail(deps, { id: userId, firstname: input.firstname, email: input.email });
  return getCurrentUser(deps, userId);
}
