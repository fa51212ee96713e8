/**
 * The customer's private tracker link, /track/{token}: a private link of its own purpose
 * (auth/private-links.ts) over the job's id and a random salt kept on the job. A new salt (revoking
 * and reissuing) makes a new token and kills the old one (docs/decisions/repair-tracker-links.md).
 * Also the short-lived signed links to the progress photos it shows (files/private-photos.ts, served
 * by files/private-photo.route.ts).
 */
import {
  currentPrivateLinkToken,
  newPrivateLinkSalt,
  privateLinkHash,
  privateLinkToken,
  REPAIR_TRACKER_LINK,
} from '#server/auth/private-links.ts';
import { privatePhotoLinkExpiry, privatePhotoPath, type PrivatePhotoVariant } from '#server/files/private-photos.ts';

export const TRACKER_PATH = '/track';

export function newTrackerSalt(): string {
  return newPrivateLinkSalt(REPAIR_TRACKER_LINK);
}

/** The token for a job and salt under one key: 43 URL-safe characters. */
export function trackerToken(appKey: Buffer, jobId: number, salt: string): string {
  return privateLinkToken(REPAIR_TRACKER_LINK, appKey, [jobId, salt]);
}

/** What the database keeps of a token. */
export function trackerTokenHash(token: string): string {
  return privateLinkHash(token);
}

/** The token an e-mail sends now: the one whose hash the job keeps; null when the link is revoked. */
export function currentTrackerToken(
  appKeys: readonly Buffer[],
  job: { id: number; tracker_salt: string; tracker_token_hash: string | null },
): string | null {
  return currentPrivateLinkToken(REPAIR_TRACKER_LINK, appKeys, [job.id, job.tracker_salt], job.tracker_token_hash);
}

export function trackerUrl(appUrl: string, token: string): string {
  return `${appUrl}${TRACKER_PATH}/${token}`;
}

export function repairPhotoLinkExpiry(now = Date.now()): number {
  return privatePhotoLinkExpiry('repair', now);
}

export function repairPhotoPath(appKey: Buffer, photoId: number, variant: PrivatePhotoVariant, expires: number): string {
  return privatePhotoPath('repair', appKey, photoId, variant, expires);
}
