/**
 * Private photos (a quote request's and a repair job's: number plates and faces are personal data):
 * where their files live, and the short-lived signed links that show them
 * (docs/decisions/private-quote-photos.md). The files sit under private/ keys no public URL
 * serves; a link is an expiring HMAC with APP_KEY (auth/signed-values.ts) under a purpose per
 * kind, so a quote photo's link never opens a repair photo. Who may follow a link (an admin, or
 * the customer once the shop shares a progress photo) is each area's route's rule.
 */
import { randomBytes } from 'node:crypto';
import { QUOTE_PHOTO_LINK_SECONDS, REPAIR_PHOTO_LINK_SECONDS } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';

export const PRIVATE_PHOTO_VARIANTS = ['large', 'thumb'] as const;
export type PrivatePhotoVariant = (typeof PRIVATE_PHOTO_VARIANTS)[number];

interface PrivatePhotoKind {
  purpose: string;
  /** The route's path, before /{photoId}/{variant}. */
  path: string;
  /** The storage folder (the orphan sweep keeps what the kind's table names under it). */
  folder: string;
  linkSeconds: number;
}

export const PRIVATE_PHOTO_KINDS = {
  quote: { purpose: 'quote-photo', path: '/quote-photos', folder: 'private/quotes/', linkSeconds: QUOTE_PHOTO_LINK_SECONDS },
  repair: { purpose: 'repair-photo', path: '/repair-photos', folder: 'private/repairs/', linkSeconds: REPAIR_PHOTO_LINK_SECONDS },
} as const satisfies Record<string, PrivatePhotoKind>;
export type PrivatePhotoKindName = keyof typeof PRIVATE_PHOTO_KINDS;

/** New keys for one photo's two variants. */
export function newPrivatePhotoKeys(kind: PrivatePhotoKindName): { large_key: string; thumb_key: string } {
  const name = randomBytes(16).toString('hex');
  const folder = PRIVATE_PHOTO_KINDS[kind].folder;
  return { large_key: `${folder}${name}-l.webp`, thumb_key: `${folder}${name}-t.webp` };
}

/** When links made now stop working, in seconds since the epoch. */
export function privatePhotoLinkExpiry(kind: PrivatePhotoKindName, now = Date.now()): number {
  return expiryIn(PRIVATE_PHOTO_KINDS[kind].linkSeconds, now);
}

export function privatePhotoPath(
  kind: PrivatePhotoKindName,
  appKey: Buffer,
  photoId: number,
  variant: PrivatePhotoVariant,
  expires: number,
): string {
  const { purpose, path } = PRIVATE_PHOTO_KINDS[kind];
  const query = new URLSearchParams({ expires: String(expires), signature: sign(appKey, purpose, [photoId, variant], expires) });
  return `${path}/${photoId}/${variant}?${query.toString()}`;
}

export interface PrivatePhotoLinkParams {
  photoId: string;
  variant: string;
  expires?: string | undefined;
  signature?: string | undefined;
}

/** The photo and variant of a genuine, unexpired link of this kind (under APP_KEY or a previous key); otherwise null. */
export function verifyPrivatePhotoLink(
  kind: PrivatePhotoKindName,
  appKeys: readonly Buffer[],
  params: PrivatePhotoLinkParams,
  now = Date.now(),
): { photoId: number; variant: PrivatePhotoVariant } | null {
  if (!/^\d{1,10}$/.test(params.photoId)) return null;
  const variant = PRIVATE_PHOTO_VARIANTS.find((v) => v === params.variant);
  if (!variant) return null;
  const photoId = Number(params.photoId);
  const { purpose } = PRIVATE_PHOTO_KINDS[kind];
  if (!isSignatureValid(appKeys, purpose, [photoId, variant], params.expires, params.signature, now)) return null;
  return { photoId, variant };
}
