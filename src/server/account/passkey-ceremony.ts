/**
 * The WebAuthn ceremonies' shared parts (@simplewebauthn/server): the relying party (APP_URL: its
 * host is the RP ID, its origin the only expected one), the challenge a response signed, and the
 * assertion: options whose challenge is kept server-side for one purpose and owner, and its
 * verification against the stored passkey, recording the use. Signing in and confirming the
 * password with a passkey (passkeys.service.ts, confirmation.service.ts) both go through here.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { AppError } from '#server/errors.ts';
import { describeDevice } from '#server/auth/device.ts';
import type { SessionMeta } from '#server/auth/sessions.ts';
import * as passkeys from './passkeys.repository.ts';
import * as challenges from './webauthn-challenges.repository.ts';

/** How long a ceremony may take, from its options to its answer. */
export const CHALLENGE_SECONDS = 5 * 60;

export type WebAuthnJson = Record<string, unknown>;

export function relyingParty(deps: Pick<AppDeps, 'config'>): { rpID: string; origin: string } {
  const url = new URL(deps.config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The challenge the browser signed, read from the response's clientDataJSON ('' when unreadable). */
export function challengeOf(response: WebAuthnJson): string {
  try {
    const inner = response.response as { clientDataJSON?: unknown } | undefined;
    if (typeof inner?.clientDataJSON !== 'string') return '';
    const client = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof client.challenge === 'string' ? client.challenge.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/**
 * Verifies a registration: its challenge live for `purpose` and `owner` (used up either way), then
 * the attestation's origin, RP ID and user verification. The new credential, or `refused()` thrown.
 */
export async function verifyRegistration(
  deps: Pick<AppDeps, 'db' | 'config' | 'log'>,
  response: WebAuthnJson,
  purpose: 'register' | 'invitation',
  owner: challenges.ChallengeOwner,
  refused: () => AppError,
) {
  const challenge = challengeOf(response);
  if (!challenge || !(await challenges.consumeChallenge(deps.db, challenge, purpose, owner))) throw refused();
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  const { rpID, origin } = relyingParty(deps);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as unknown as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error instanceof Error ? error.message : String(error), purpose }, 'passkey registration refused');
    throw refused();
  }
  if (!verification.verified) throw refused();
  return verification.registrationInfo.credential;
}

type AssertionPurpose = 'authenticate' | 'confirm';

/**
 * The options of an assertion, its challenge kept for `purpose` and `owner`; `allow` lists the
 * credentials the browser may offer (none: any discoverable passkey of this site).
 */
export async function assertionOptions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  purpose: AssertionPurpose,
  owner: challenges.ChallengeOwner,
  allow: { credential_id: string; transports: string }[] = [],
): Promise<{ options: WebAuthnJson }> {
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const { rpID } = relyingParty(deps);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
    allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : [] })),
  });
  await challenges.insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose,
    ...owner,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return { options: options as unknown as WebAuthnJson };
}

/**
 * Verifies an assertion: its challenge live for `purpose` and `owner` (used up either way), the
 * passkey stored (and the owner's, when the owner is a user), the signature, origin, RP ID, user
 * verification and a growing counter; records the use. The passkey's row, or `refused()` thrown.
 */
export async function verifyAssertion(
  deps: Pick<AppDeps, 'db' | 'config' | 'log'>,
  response: WebAuthnJson,
  purpose: AssertionPurpose,
  owner: challenges.ChallengeOwner,
  meta: SessionMeta,
  refused: () => AppError,
) {
  const challenge = challengeOf(response);
  if (!challenge || !(await challenges.consumeChallenge(deps.db, challenge, purpose, owner))) throw refused();
  const credentialId = typeof response.id === 'string' ? response.id.slice(0, 1400) : '';
  const stored = credentialId ? await passkeys.findPasskeyByCredentialId(deps.db, credentialId) : undefined;
  if (!stored || (owner.userId !== null && stored.user_id !== owner.userId)) throw refused();
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  const { rpID, origin } = relyingParty(deps);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: stored.transports ? stored.transports.split(',') : [],
      },
    });
  } catch (error) {
    // A wrong origin or RP ID, a bad signature, or a counter that did not grow (a clone).
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), passkeyId: stored.id, purpose },
      'passkey assertion refused',
    );
    throw refused();
  }
  if (!verification.verified) throw refused();
  const device = describeDevice(meta);
  const recorded = await passkeys.recordPasskeyUse(deps.db, stored.id, stored.counter, {
    counter: verification.authenticationInfo.newCounter,
    at: new Date(),
    device: `${device.browser} on ${device.system}`,
    ip: meta.ipAddress,
  });
  if (!recorded) throw refused();
  return stored;
}
