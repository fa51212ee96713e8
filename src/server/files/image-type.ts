/**
 * The type of an image from its first bytes (its magic number), for answers whose bytes the site
 * wrote itself but whose Content-Type must not be taken on trust from a key or a column: only the
 * types a browser shows inline are named; anything else is not an image.
 */

/** How many leading bytes `imageTypeOfBytes` needs to tell every type apart. */
export const IMAGE_TYPE_HEAD_BYTES = 12;

const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;

/** image/webp, image/jpeg, image/png, image/gif or image/avif by the bytes; null for anything else. */
export function imageTypeOfBytes(head: Buffer): string | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 4, 'ftyp') && (ascii(head, 8, 'avif') || ascii(head, 8, 'avis'))) return 'image/avif';
  return null;
}
