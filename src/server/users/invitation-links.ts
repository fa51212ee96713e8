/**
 * The staff invitation's link, /accept-invitation/{token}: a private link of its own purpose
 * (auth/private-links.ts) over the invitation's id and its salt. Single use and the 7-day expiry
 * are the invitation service's rules.
 */
import {
  currentPrivateLinkToken,
  newPrivateLinkSalt,
  privateLinkHash,
  privateLinkToken,
  STAFF_INVITATION_LINK,
} from '#server/auth/private-links.ts';

export const INVITATION_PATH = '/accept-invitation';

export function newInvitationSalt(): string {
  return newPrivateLinkSalt(STAFF_INVITATION_LINK);
}

export function invitationToken(appKey: Buffer, invitationId: number, salt: string): string {
  return privateLinkToken(STAFF_INVITATION_LINK, appKey, [invitationId, salt]);
}

export function invitationTokenHash(token: string): string {
  return privateLinkHash(token);
}

/** The token whose hash the invitation keeps (under APP_KEY or a previous key); null when none made it. */
export function currentInvitationToken(
  appKeys: readonly Buffer[],
  invitation: { id: number; token_salt: string; token_hash: string },
): string | null {
  return currentPrivateLinkToken(STAFF_INVITATION_LINK, appKeys, [invitation.id, invitation.token_salt], invitation.token_hash);
}
