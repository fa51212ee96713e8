/**
 * The review request's single-use link, /review/{token}: made as the tracker link is (an HMAC with
 * APP_KEY over the job's id and a salt of the request, only its hash stored, made again when the
 * mail goes: docs/decisions/repair-tracker-links.md), under a purpose of its own.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const PURPOSE = 'repair-review';
export const REVIEW_PATH = '/review';

export function newReviewSalt(): string {
  return randomBytes(16).toString('hex');
}

export function reviewToken(appKey: Buffer, repairJobId: number, salt: string): string {
  return createHmac('sha256', appKey).update(`${PURPOSE}|${repairJobId}|${salt}`).digest('base64url');
}

export function reviewTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token whose hash the request keeps (under APP_KEY or a previous key); null when there is none. */
export function currentReviewToken(
  appKeys: readonly Buffer[],
  request: { repair_job_id: number; token_salt: string; token_hash: string | null },
): string | null {
  if (!request.token_hash) return null;
  for (const key of appKeys) {
    const token = reviewToken(key, request.repair_job_id, request.token_salt);
    if (reviewTokenHash(token) === request.token_hash) return token;
  }
  return null;
}
