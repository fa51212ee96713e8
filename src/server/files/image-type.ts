/**
 * The type of an image from its first bytes, for answers whose bytes the site wrote itself but whose
 * Content-Type must not be taken on trust from a key or a column. file-type reads the magic number,
 * as it does for uploads (images/image-processing.ts) and CVs; only the types a browser shows inline
 * are named, anything else is not an image.
 */

/** How many leading bytes file-type needs to tell every type apart. */
export const IMAGE_TYPE_HEAD_BYTES = 4100;

const INLINE_IMAGE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png', 'image/gif', 'image/avif']);

/** image/webp, image/jpeg, image/png, image/gif or image/avif by the bytes; null for anything else. */
export async function imageTypeOfBytes(head: Buffer): Promise<string | null> {
  // Loaded on first use, as image-processing.ts does: most requests never serve a private photo.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  return detected && INLINE_IMAGE_TYPES.has(detected.mime) ? detected.mime : null;
}
