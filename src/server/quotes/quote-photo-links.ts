/**
 * Expiring signed links to the private photos of quote requests: GET
 * /quote-photos/{photoId}/{variant}?expires=&signature=, made by files/private-photos.ts. Only the
 * admin's detail view hands them out, and the route also wants an admin's session
 * (docs/decisions/private-quote-photos.md).
 */
import {
  PRIVATE_PHOTO_KINDS,
  PRIVATE_PHOTO_VARIANTS,
  privatePhotoLinkExpiry,
  privatePhotoPath,
  verifyPrivatePhotoLink,
  type PrivatePhotoLinkParams,
  type PrivatePhotoVariant,
} from '#server/files/private-photos.ts';

export const QUOTE_PHOTO_PATH = PRIVATE_PHOTO_KINDS.quote.path;
export const QUOTE_PHOTO_VARIANTS = PRIVATE_PHOTO_VARIANTS;
export type QuotePhotoVariant = PrivatePhotoVariant;
export type QuotePhotoLinkParams = PrivatePhotoLinkParams;

/** When links made now stop working, in seconds since the epoch. */
export function quotePhotoLinkExpiry(now = Date.now()): number {
  return privatePhotoLinkExpiry('quote', now);
}

export function quotePhotoPath(appKey: Buffer, photoId: number, variant: QuotePhotoVariant, expires: number): string {
  return privatePhotoPath('quote', appKey, photoId, variant, expires);
}

/** The photo and variant of a genuine, unexpired link; otherwise null. */
export function verifyQuotePhotoLink(
  appKeys: readonly Buffer[],
  params: QuotePhotoLinkParams,
  now = Date.now(),
): { photoId: number; variant: QuotePhotoVariant } | null {
  return verifyPrivatePhotoLink('quote', appKeys, params, now);
}
