/**
 * Expiring signed links to the private photos of quote requests (number plates and faces are
 * personal data): GET /quote-photos/{photoId}/{variant}?expires=&signature=. Only the admin's
 * detail view hands them out, and the route also wants an admin's session
 * (docs/decisions/private-quote-photos.md).
 */
import { QUOTE_PHOTO_LINK_SECONDS } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';

const PURPOSE = 'quote-photo';

export const QUOTE_PHOTO_PATH = '/quote-photos';
export const QUOTE_PHOTO_VARIANTS = ['large', 'thumb'] as const;
export type QuotePhotoVariant = (typeof QUOTE_PHOTO_VARIANTS)[number];

/** When links made now stop working, in seconds since the epoch. */
export function quotePhotoLinkExpiry(now = Date.now()): number {
  return expiryIn(QUOTE_PHOTO_LINK_SECONDS, now);
}

export function quotePhotoPath(appKey: Buffer, photoId: number, variant: QuotePhotoVariant, expires: number): string {
  const query = new URLSearchParams({ expires: String(expires), signature: sign(appKey, PURPOSE, [photoId, variant], expires) });
  return `${QUOTE_PHOTO_PATH}/${photoId}/${variant}?${query.toString()}`;
}

export interface QuotePhotoLinkParams {
  photoId: string;
  variant: string;
  expires?: string | undefined;
  signature?: string | undefined;
}

/** The photo and variant of a genuine, unexpired link; otherwise null. */
export function verifyQuotePhotoLink(
  appKeys: readonly Buffer[],
  params: QuotePhotoLinkParams,
  now = Date.now(),
): { photoId: number; variant: QuotePhotoVariant } | null {
  if (!/^\d{1,10}$/.test(params.photoId)) return null;
  const variant = QUOTE_PHOTO_VARIANTS.find((v) => v === params.variant);
  if (!variant) return null;
  const photoId = Number(params.photoId);
  if (!isSignatureValid(appKeys, PURPOSE, [photoId, variant], params.expires, params.signature, now)) return null;
  return { photoId, variant };
}
