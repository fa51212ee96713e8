/**
 * The customer's private estimate link, /estimate/{token}: a private link of its own purpose
 * (auth/private-links.ts) over the estimate's id and a random salt kept on the estimate. The link
 * opens that estimate only (its versions, never another's); a new salt kills the old token.
 */
import {
  currentPrivateLinkToken,
  ESTIMATE_LINK,
  newPrivateLinkSalt,
  privateLinkHash,
  privateLinkToken,
} from '#server/auth/private-links.ts';

export function newEstimateSalt(): string {
  return newPrivateLinkSalt(ESTIMATE_LINK);
}

export function estimateToken(appKey: Buffer, estimateId: number, salt: string): string {
  return privateLinkToken(ESTIMATE_LINK, appKey, [estimateId, salt]);
}

export function estimateTokenHash(token: string): string {
  return privateLinkHash(token);
}

/** The token a mail sends now: the one whose hash the estimate keeps (under APP_KEY or a previous key). */
export function currentEstimateToken(
  appKeys: readonly Buffer[],
  estimate: { id: number; link_salt: string; link_token_hash: string | null },
): string | null {
  return currentPrivateLinkToken(ESTIMATE_LINK, appKeys, [estimate.id, estimate.link_salt], estimate.link_token_hash);
}
