/**
 * An invited member of staff may set up a passkey instead of a password (docs/decisions/staff-roles.md,
 * "Invitations"): the invitation's link is the permission, so the registration's challenge is kept
 * for the purpose 'invitation' with no user (the account does not exist yet), and the account, its
 * staff role, the passkey and the invitation's use are written in one transaction. The account has
 * no password of its own (a random secret nobody knows is hashed); "Forgot your password?" sets one
 * whenever they want it.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { rotateSession, type CurrentSession, type SessionGrant } from '#server/auth/session-grant.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { actorFromMeta } from '#server/activity/actor.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { CHALLENGE_SECONDS, relyingParty, verifyRegistration, type WebAuthnJson } from '#server/account/passkey-ceremony.ts';
import * as challenges from '#server/account/webauthn-challenges.repository.ts';
import * as passkeys from '#server/account/passkeys.repository.ts';
import { PASSKEY_ALREADY_ADDED_MESSAGE, PASSKEY_NOT_ADDED_MESSAGE } from '#shared/schemas/passkeys.ts';
import { createAccount } from './create-account.ts';
import * as users from './users.repository.ts';
import * as repo from './staff-invitations.repository.ts';
import { invitationTokenHash } from './invitation-links.ts';
import { acceptLimits, INVITATION_HAS_ACCOUNT_MESSAGE, INVITATION_LINK_MESSAGE, isOpen, splitName } from './staff-invitations.service.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config' | 'jobs' | 'rateLimiter' | 'publicContent'>;

/** The name the passkey is listed under on the account's security page. */
export const INVITATION_PASSKEY_NAME = 'Passkey set up with the invitation';

async function openInvitation(deps: Pick<AppDeps, 'db' | 'rateLimiter'>, token: string, ip: string | null) {
  const tokenHash = invitationTokenHash(token);
  await throttle(deps.rateLimiter, acceptLimits(tokenHash, ip));
  const row = await repo.findInvitationByTokenHash(deps.db, tokenHash);
  if (!row || !isOpen(row, new Date())) throw AppError.field('token', INVITATION_LINK_MESSAGE);
  if (await users.isEmailTaken(deps.db, row.email)) throw AppError.field('email', INVITATION_HAS_ACCOUNT_MESSAGE);
  return row;
}

/** The registration's options for an open invitation: a discoverable passkey with user verification. */
export async function invitationPasskeyOptions(deps: Deps, token: string, ip: string | null): Promise<{ options: WebAuthnJson }> {
  const row = await openInvitation(deps, token, ip);
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const { rpID } = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: (await readShop(deps)).name,
    rpID,
    userName: row.email,
    userDisplayName: splitName(row.name).firstname,
    userID: new TextEncoder().encode(`invitation-${row.id}`),
    attestationType: 'none',
    timeout: CHALLENGE_SECONDS * 1000,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await challenges.insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'invitation',
    userId: null,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return { options: options as unknown as WebAuthnJson };
}

/** Verifies the registration, makes the account with the passkey, uses up the invitation and signs the person in. */
export async function acceptInvitationWithPasskey(
  deps: Deps,
  input: { token: string; response: WebAuthnJson },
  current: CurrentSession,
): Promise<SessionGrant> {
  const row = await openInvitation(deps, input.token, current.meta.ipAddress);
  const refused = () => AppError.field('response', PASSKEY_NOT_ADDED_MESSAGE);
  const credential = await verifyRegistration(deps, input.response, 'invitation', { userId: null }, refused);
  // A replayed response whose passkey another account holds already.
  if (await passkeys.findPasskeyByCredentialId(deps.db, credential.id)) throw AppError.field('response', PASSKEY_ALREADY_ADDED_MESSAGE);
  const userId = await createAccount(
    deps,
    { ...splitName(row.name), email: row.email, role: 'user', password: null, verified: true },
    async (trx, id) => {
      if (!(await repo.markInvitationAccepted(trx, row.id))) throw AppError.field('token', INVITATION_LINK_MESSAGE);
      await users.updateUser(trx, id, { staff_role: row.staff_role });
      await passkeys.insertPasskey(trx, {
        userId: id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: INVITATION_PASSKEY_NAME,
      });
      await recordActivity(trx, {
        actor: actorFromMeta(id, current.meta),
        kind: 'staff-invitation-accepted',
        item: { type: 'user', id, label: row.email },
        details: `${row.staff_role}, with a passkey`,
      });
    },
  );
  // Possession of the passkey and the device's user verification: as good as the password just typed.
  const token = await rotateSession(deps, current, { userId, remember: false, passwordConfirmedAt: new Date() });
  return { token, remember: false };
}
