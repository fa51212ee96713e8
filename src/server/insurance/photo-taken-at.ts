/**
 * When a photo was taken: EXIF DateTimeOriginal when its bytes carry it (a JPEG's APP1 segment or a
 * WebP's EXIF chunk), else null (the pack then uses the upload time). EXIF writes the camera's
 * wall clock without a zone: it is read as the shop's local time, as the shop's staff would.
 * Also the one stamp the insurer pack writes times in: "2026-11-30 14:05:09" at the shop.
 */
import { localMoment } from '#shared/calendar-date.ts';

const DATE_TIME_ORIGINAL = 0x9003;
const EXIF_IFD_POINTER = 0x8769;
const EXIF_STAMP = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The TIFF block of the EXIF data: after "Exif\0\0" in a JPEG's APP1, the chunk's body in a WebP. */
function tiffOf(bytes: Buffer): Buffer | null {
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    let at = 12;
    while (at + 8 <= bytes.length) {
      const type = bytes.toString('latin1', at, at + 4);
      const size = bytes.readUInt32LE(at + 4);
      if (type === 'EXIF') {
        const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
        return body.toString('latin1', 0, 6) === 'Exif\0\0' ? body.subarray(6) : body;
      }
      at += 8 + size + (size % 2);
    }
    return null;
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 4 <= bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1]!;
      const size = bytes.readUInt16BE(at + 2);
      if (marker === 0xe1 && bytes.toString('latin1', at + 4, at + 10) === 'Exif\0\0') return bytes.subarray(at + 10, at + 2 + size);
      if (marker === 0xda) return null;
      at += 2 + size;
    }
  }
  return null;
}

/** An ASCII tag's value in the IFD at `offset`, or the offset of a pointer tag. */
function findTag(tiff: Buffer, offset: number, tag: number, le: boolean): { type: number; count: number; valueAt: number } | null {
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (offset + 2 > tiff.length) return null;
  const entries = u16(offset);
  for (let i = 0; i < entries; i++) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== tag) continue;
    const type = u16(entry + 2);
    const count = u32(entry + 4);
    // Values over 4 bytes live at the offset the entry holds.
    const valueAt = type === 2 && count > 4 ? u32(entry + 8) : entry + 8;
    return { type, count, valueAt: type === 4 ? u32(entry + 8) : valueAt };
  }
  return null;
}

/** "2026:11:30 14:05:09" as written, or null when the bytes have no readable DateTimeOriginal. */
export function exifDateTimeOriginal(bytes: Buffer): string | null {
  try {
    const tiff = tiffOf(bytes);
    if (!tiff || tiff.length < 8) return null;
    const order = tiff.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return null;
    const le = order === 'II';
    const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
    const pointer = findTag(tiff, ifd0, EXIF_IFD_POINTER, le);
    if (!pointer) return null;
    const original = findTag(tiff, pointer.valueAt, DATE_TIME_ORIGINAL, le);
    if (!original || original.type !== 2) return null;
    const text = tiff
      .toString('latin1', original.valueAt, original.valueAt + original.count)
      .replace(/\0+$/, '')
      .trim();
    return EXIF_STAMP.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** EXIF's "2026:11:30 14:05:09" as the pack's "2026-11-30 14:05:09" (a camera's clock: no zone). */
export function exifStamp(value: string): string {
  const m = EXIF_STAMP.exec(value)!;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`;
}

/** An instant as "2026-11-30 14:05:09" on the shop's clock (zones differ from UTC by whole minutes). */
export function shopStamp(instant: Date, timeZone: string): string {
  const local = localMoment(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.date} ${two(Math.floor(local.minutes / 60))}:${two(local.minutes % 60)}:${two(instant.getUTCSeconds())}`;
}
