/**
 * Registration (rest-contract.md, Session: POST /api/register): a new account with role user,
 * signed in at once (the session rotates), and a verification e-mail queued with the account. The
 * account (with its optional CV) is made as the admin's add-user makes one (users/create-account.ts).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { throttle, type RateLimit } from '#server/auth/rate-limiter.ts';
import { generateSessionToken } from '#server/auth/sessions.ts';
import type { CvUpload } from '#server/files/cv.ts';
import { createAccount } from '#server/users/create-account.ts';
import { isHoneypotFilled } from '#server/validation/honeypot.ts';
import type { RegisterInput } from '#shared/schemas/session.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';
import { noteSignIn } from './security-alerts.service.ts';

/**
 * Registration limits (25 accounts and their mails in under a second from one
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
  await throttle(deps.rateLimiter, registrationLimits(ip));
}

export async function register(deps: AppDeps, input: RegisterInput, cv: CvUpload | null, current: CurrentSession): Promise<SessionGrant> {
  if (isHoneypotFilled(input)) {
    // A bot: the answer a person gets (a new session cookie), but no account, no file, no mail.
    deps.log.info({ ip: current.meta.ipAddress }, 'registration honeypot filled; nothing created');
    return { token: generateSessionToken(), remember: false };
  }
  const userId = await createAccount(deps, { ...input, role: 'user', verified: false, cv }, async (trx, id) => {
    await queueMail(deps, trx, { kind: 'verification', to: input.email, params: { userId: id } });
  });
  const token = await rotateSession(deps, current, { userId, remember: false });
  // The device the account was made on is known from the start: no "new sign-in" e-mail for it.
  const deviceCookie = await noteSignIn(deps, userId, current, { quiet: true });
  return { token, remember: false, deviceCookie };
}
