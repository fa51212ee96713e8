/**
 * Image processing with sharp. An upload is accepted only when its bytes are an image of an
 * allowed type; it is turned upright by its orientation tag, stripped of metadata (no GPS leaves
 * the server), and written as two WebP variants under content-addressed public keys (so their
 * URLs can be cached for a year). The original is kept privately for later reprocessing.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileTypeFromFile, fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '#server/errors.ts';
import type { FileStorage } from './storage.ts';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const LARGE_MAX_EDGE = 1600;
export const THUMB_MAX_EDGE = 480;
/** 50 megapixels: a camera photo fits; a decompression bomb of huge dimensions does not. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).';

export interface ProcessedImage {
  original_key: string;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
}

export type ImageSource = { path: string } | { buffer: Buffer };

async function detectType(source: ImageSource) {
  return 'path' in source ? fileTypeFromFile(source.path) : fileTypeFromBuffer(source.buffer);
}

/**
 * Processes an image; `field` names the form field for the 422 when the bytes are not a usable
 * image. Writes nothing when it fails.
 */
export async function processImage(storage: FileStorage, source: ImageSource, field: string): Promise<ProcessedImage> {
  const type = await detectType(source);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw AppError.field(field, NOT_AN_IMAGE);
  }
  const input = 'path' in source ? source.path : source.buffer;
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();

  let large: { data: Buffer; info: sharp.OutputInfo };
  let thumb: { data: Buffer; info: sharp.OutputInfo };
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    large = await open()
      .resize({ width: LARGE_MAX_EDGE, height: LARGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumb = await open()
      .resize({ width: THUMB_MAX_EDGE, height: THUMB_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(reason)) {
      throw AppError.field(field, 'The image is too large: at most 50 megapixels.');
    }
    throw AppError.field(field, 'The image could not be read; it may be damaged or incomplete.');
  }

  const originalHash = 'path' in source ? await hashOfFile(source.path) : hashOf(source.buffer);
  const original_key = `private/originals/${originalHash}.${type.ext}`;
  const large_key = `public/img/${hashOf(large.data)}-l.webp`;
  const thumb_key = `public/img/${hashOf(thumb.data)}-t.webp`;

  if ('path' in source) await storage.putFile(original_key, source.path);
  else await storage.putBuffer(original_key, source.buffer);
  await storage.putBuffer(large_key, large.data);
  await storage.putBuffer(thumb_key, thumb.data);

  return {
    original_key,
    large_key,
    large_width: large.info.width,
    large_height: large.info.height,
    thumb_key,
    thumb_width: thumb.info.width,
    thumb_height: thumb.info.height,
  };
}

/** A copy of the stored original turned 90° clockwise (after applying its orientation tag). */
export async function rotatedOriginal(storage: FileStorage, originalKey: string): Promise<Buffer> {
  const original = await storage.read(originalKey);
  return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().rotate(90).png().toBuffer();
}

/** Streams the file through the hash so a large upload is never held in memory whole. */
async function hashOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 32);
}

function hashOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}
