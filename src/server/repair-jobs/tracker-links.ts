/**
 * The customer's private tracker link, /track/{token}, and the short-lived signed links to the
 * progress photos it shows (docs/decisions/repair-tracker-links.md).
 *
 * The token is an HMAC with APP_KEY over the job's id and a random salt kept on the job: nobody can
 * guess it, and a copy of the database alone cannot make it. Only its SHA-256 is stored, to find
 * the job; the e-mails make it again when they are sent, so no token sits in the outgoing mail
 * table either. A new salt (revoking and reissuing) makes a new token and kills the old one.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { REPAIR_PHOTO_LINK_SECONDS } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';

const TOKEN_PURPOSE = 'repair-tracker';
const PHOTO_PURPOSE = 'repair-photo';

export const TRACKER_PATH = '/track';
export const REPAIR_PHOTO_PATH = '/repair-photos';
export const REPAIR_PHOTO_VARIANTS = ['large', 'thumb'] as const;
export type RepairPhotoVariant = (typeof REPAIR_PHOTO_VARIANTS)[number];

export function newTrackerSalt(): string {
  return randomBytes(16).toString('hex');
}

/** The token for a job and salt under one key: 43 URL-safe characters. */
export function trackerToken(appKey: Buffer, jobId: number, salt: string): string {
  return createHmac('sha256', appKey).update(`${TOKEN_PURPOSE}|${jobId}|${salt}`).digest('base64url');
}

/** What the database keeps of a token. */
export function trackerTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token an e-mail sends now: the one whose hash the job keeps (made with APP_KEY, or with a
 * previous key after a rotation, so links already sent keep working); null when the link is revoked.
 */
export function currentTrackerToken(
  appKeys: readonly Buffer[],
  job: { id: number; tracker_salt: string; tracker_token_hash: string | null },
): string | null {
  if (!job.tracker_token_hash) return null;
  for (const key of appKeys) {
    const token = trackerToken(key, job.id, job.tracker_salt);
    if (trackerTokenHash(token) === job.tracker_token_hash) return token;
  }
  return null;
}

export function trackerUrl(appUrl: string, token: string): string {
  return `${appUrl}${TRACKER_PATH}/${token}`;
}

export function repairPhotoLinkExpiry(now = Date.now()): number {
  return expiryIn(REPAIR_PHOTO_LINK_SECONDS, now);
}

export function repairPhotoPath(appKey: Buffer, photoId: number, variant: RepairPhotoVariant, expires: number): string {
  const query = new URLSearchParams({ expires: String(expires), signature: sign(appKey, PHOTO_PURPOSE, [photoId, variant], expires) });
  return `${REPAIR_PHOTO_PATH}/${photoId}/${variant}?${query.toString()}`;
}

/** The photo and variant of a genuine, unexpired link; otherwise null. */
export function verifyRepairPhotoLink(
  appKeys: readonly Buffer[],
  params: { photoId: string; variant: string; expires?: string | undefined; signature?: string | undefined },
  now = Date.now(),
): { photoId: number; variant: RepairPhotoVariant } | null {
  if (!/^\d{1,10}$/.test(params.photoId)) return null;
  const variant = REPAIR_PHOTO_VARIANTS.find((v) => v === params.variant);
  if (!variant) return null;
  const photoId = Number(params.photoId);
  if (!isSignatureValid(appKeys, PHOTO_PURPOSE, [photoId, variant], params.expires, params.signature, now)) return null;
  return { photoId, variant };
}
