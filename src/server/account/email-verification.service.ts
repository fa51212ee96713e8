/**
 * E-mail verification (rest-contract.md, Session: /email/verification-notification and
 * /email/verify/{id}/{hash}): signed 60-minute links, six new mails a minute per user.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { emailHash, isVerificationSignatureValid } from '#server/auth/signed-links.ts';
import { findUserForMail, markEmailVerified } from '#server/users/users.repository.ts';
import type { VerifyEmailInput } from '#shared/schemas/session.ts';
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { claimGuestQuoteRequests } from '#server/quotes/quote-requests.repository.ts';
import { claimGuestBookings } from '#server/bookings/bookings.repository.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

/** The seam where a guest's matters join a newly verified account (repair jobs match by address when read). */
export async function joinGuestWork(trx: Kysely<Database>, userId: number, verifiedEmail: string): Promise<void> {
  await claimGuestQuoteRequests(trx, userId, verifiedEmail);
  await claimGuestBookings(trx, userId, verifiedEmail);
}

const VERIFICATION_MAILS_PER_MINUTE = 6;

/** 'sent' (queued durably: the send-mail job sends it), or 'already-verified' (the 204). */
export async function resendVerification(deps: AppDeps, userId: number): Promise<'sent' | 'already-verified'> {
  const attempt = await deps.rateLimiter.reserve({
    key: `verification-mail:${userId}`,
    limit: VERIFICATION_MAILS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!attempt.allowed) throw AppError.tooManyRequests(attempt.retryAfterSeconds);
  const user = await findUserForMail(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  if (user.email_verified_at) return 'already-verified';
  await queueMails(deps, [{ kind: 'verification', to: user.email, params: { userId: user.id } }]);
  return 'sent';
}

export async function verifyEmail(deps: Pick<AppDeps, 'db' | 'config'>, userId: number, input: VerifyEmailInput): Promise<void> {
  if (!isVerificationSignatureValid(deps.config.appKeys, input)) throw AppError.invalidSignature();
  const user = await findUserForMail(deps.db, userId);
  if (!user || String(user.id) !== input.id || emailHash(user.email) !== input.hash.toLowerCase()) throw AppError.forbidden();
  if (user.email_verified_at) return;
  await deps.db.transaction().execute(async (trx) => {
    // The guest's quote requests and bookings under this address join the account with it.
    if (await markEmailVerified(trx, user.id, user.email)) await joinGuestWork(trx, user.id, user.email);
  });
}
