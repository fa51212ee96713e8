/**
 * The review request's single-use link, /review/{token}: a private link of its own purpose
 * (auth/private-links.ts) over the job's id and a salt of the request. Single use is the review
 * service's rule.
 */
import {
  currentPrivateLinkToken,
  newPrivateLinkSalt,
  privateLinkHash,
  privateLinkToken,
  REPAIR_REVIEW_LINK,
} from '#server/auth/private-links.ts';

export const REVIEW_PATH = '/review';

export function newReviewSalt(): string {
  return newPrivateLinkSalt(REPAIR_REVIEW_LINK);
}

export function reviewToken(appKey: Buffer, repairJobId: number, salt: string): string {
  return privateLinkToken(REPAIR_REVIEW_LINK, appKey, [repairJobId, salt]);
}

export function reviewTokenHash(token: string): string {
  return privateLinkHash(token);
}

/** The token whose hash the request keeps (under APP_KEY or a previous key); null when there is none. */
export function currentReviewToken(
  appKeys: readonly Buffer[],
  request: { repair_job_id: number; token_salt: string; token_hash: string | null },
): string | null {
  return currentPrivateLinkToken(REPAIR_REVIEW_LINK, appKeys, [request.repair_job_id, request.token_salt], request.token_hash);
}
