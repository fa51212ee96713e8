/**
 * Passkeys with @simplewebauthn/server: a signed-in user who confirmed the password adds
 * one (a WebAuthn registration), names, renames and removes them, and sees where and when each was
 * last used; anyone signs in with one (a WebAuthn authentication), which is complete on its own:
 * possession and the device's user verification are two factors, so the TOTP step is skipped.
 *
 * The relying party is APP_URL: its host is the RP ID and its origin the only expected origin, so a
 * passkey made for another site, or a ceremony run on another origin, is refused. Challenges are
 * kept server-side (webauthn_challenges), single use and short-lived. A signature counter that does
 * not grow (a cloned authenticator) is refused when the authenticator keeps one
 * (docs/decisions/passkeys.md).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle, type Attempt } from '#server/auth/rate-limiter.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { findUserForMail } from '#server/users/users.repository.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import {
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_NOT_ADDED_MESSAGE,
  PASSKEY_REFUSED_MESSAGE,
  type Passkey,
} from '#shared/schemas/passkeys.ts';
import * as passkeys from './passkeys.repository.ts';
import * as challenges from './webauthn-challenges.repository.ts';
import {
  assertionOptions,
  CHALLENGE_SECONDS,
  relyingParty,
  verifyAssertion,
  verifyRegistration,
  type WebAuthnJson,
} from './passkey-ceremony.ts';
import { noteSignIn, queueSecurityAlert } from './security-alerts.service.ts';

/** Passkey sign-ins per address (as the password login's per-address limit) and adds per user. */
export const PASSKEY_LIMITS = {
  loginPerAddress: { limit: 30, windowSeconds: 60 },
  /** Sign-in options (every visit to the login page asks for them, for the autofill). */
  optionsPerAddress: { limit: 60, windowSeconds: 60 },
  addPerUser: { limit: 10, windowSeconds: 60 * 60 },
} as const;

function presentPasskey(row: Awaited<ReturnType<typeof passkeys.listPasskeysOf>>[number]): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_device: row.last_used_device,
    last_used_ip: row.last_used_ip,
  };
}

export async function listPasskeys(deps: Pick<AppDeps, 'db'>, userId: number): Promise<{ data: Passkey[] }> {
  return { data: (await passkeys.listPasskeysOf(deps.db, userId)).map(presentPasskey) };
}

/** The options of a registration: the user's existing passkeys excluded, user verification and a discoverable credential required. */
export async function passkeyRegistrationOptions(
  deps: Pick<AppDeps, 'db' | 'config' | 'publicContent'>,
  userId: number,
): Promise<{ options: WebAuthnJson }> {
  const user = await findUserForMail(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const { rpID } = relyingParty(deps);
  const existing = await passkeys.listPasskeysOf(deps.db, userId);
  const options = await generateRegistrationOptions({
    rpName: (await readShop(deps)).name,
    rpID,
    userName: user.email,
    userDisplayName: user.firstname,
    userID: new TextEncoder().encode(`user-${userId}`),
    attestationType: 'none',
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : [] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await challenges.insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId,
    sessionId: null,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return { options: options as unknown as WebAuthnJson };
}

/** Verifies the registration and stores the passkey; the "passkey added" e-mail goes in the same transaction. */
export async function addPasskey(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'rateLimiter' | 'log'>,
  userId: number,
  input: { name: string; response: WebAuthnJson },
  meta: SessionMeta,
): Promise<{ data: Passkey[] }> {
  await throttle(deps.rateLimiter, { key: `passkey-add:${userId}`, ...PASSKEY_LIMITS.addPerUser });
  const refused = () => AppError.field('response', PASSKEY_NOT_ADDED_MESSAGE);
  const credential = await verifyRegistration(deps, input.response, 'register', { userId }, refused);
  const user = await findUserForMail(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await passkeys.insertPasskey(trx, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: input.name,
      });
      await queueSecurityAlert(deps, trx, { userId, to: user.email, event: 'passkey-added', meta });
    });
  } catch (error) {
    // The credential is registered already (this account's or another's: the excluded list only
    // covers this account's, and a replayed response skips it): the field's 422, not a 500.
    if (isUniqueViolation(error)) throw AppError.field('response', PASSKEY_ALREADY_ADDED_MESSAGE);
    throw error;
  }
  return listPasskeys(deps, userId);
}

export async function renameUserPasskey(deps: Pick<AppDeps, 'db'>, userId: number, id: number, name: string): Promise<{ data: Passkey[] }> {
  if (!(await passkeys.renamePasskey(deps.db, userId, id, name))) throw AppError.notFound();
  return listPasskeys(deps, userId);
}

export async function removeUserPasskey(deps: Pick<AppDeps, 'db'>, userId: number, id: number): Promise<void> {
  if (!(await passkeys.deletePasskey(deps.db, userId, id))) throw AppError.notFound();
}

/** The options of a sign-in: no credentials listed (discoverable passkeys; the browser offers them, autofill too). */
export function passkeyLoginOptions(deps: Pick<AppDeps, 'db' | 'config'>): Promise<{ options: WebAuthnJson }> {
  return assertionOptions(deps, 'authenticate', { userId: null });
}

/** Reserves one request for sign-in options for the address; 429 when used up. */
export async function reservePasskeyOptions(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, { key: `passkey-options:${ip ?? ''}`, ...PASSKEY_LIMITS.optionsPerAddress });
}

/** Reserves one passkey sign-in for the address, before the input is read; 429 when used up. */
export async function reservePasskeyLogin(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<Attempt> {
  return throttle(deps.rateLimiter, { key: `passkey-login:${ip ?? ''}`, ...PASSKEY_LIMITS.loginPerAddress });
}

/** A passkey sign-in: complete on its own (no two-factor step); the session rotates and the device is noted. */
export async function signInWithPasskey(
  deps: AppDeps,
  input: { response: WebAuthnJson; remember: boolean },
  current: CurrentSession,
): Promise<SessionGrant> {
  const refused = () => AppError.field('response', PASSKEY_REFUSED_MESSAGE);
  const stored = await verifyAssertion(deps, input.response, 'authenticate', { userId: null }, current.meta, refused);
  const token = await rotateSession(deps, current, { userId: stored.user_id, remember: input.remember });
  const deviceCookie = await noteSignIn(deps, stored.user_id, current);
  return { token, remember: input.remember, deviceCookie };
}

/** For the admin dashboard's invitation: whether the user has any passkey. */
export async function hasPasskey(deps: Pick<AppDeps, 'db'>, userId: number): Promise<{ hasPasskey: boolean }> {
  return { hasPasskey: (await passkeys.countPasskeysOf(deps.db, userId)) > 0 };
}
