/**
 * Expiring signed links to the private photos of quote requests: GET
 * /quote-photos/{photoId}/{variant}?expires=&signature=, made by files/private-photos.ts and served
 * by its one route (files/private-photo.route.ts). Only the admin's detail view hands them out,
 * and the route also wants an admin's session (docs/decisions/private-quote-photos.md).
 */
import { privatePhotoLinkExpiry, privatePhotoPath, type PrivatePhotoVariant } from '#server/files/private-photos.ts';

export type QuotePhotoVariant = PrivatePhotoVariant;

/** When links made now stop working, in seconds since the epoch. */
export function quotePhotoLinkExpiry(now = Date.now()): number {
  return privatePhotoLinkExpiry('quote', now);
}

export function quotePhotoPath(appKey: Buffer, photoId: number, variant: QuotePhotoVariant, expires: number): string {
  return privatePhotoPath('quote', appKey, photoId, variant, expires);
}
