/**
 * Image processing with sharp (no SQL here: images.repository.ts holds the `images` table and
 * images.service.ts the life cycle of its rows). An upload is accepted only when its bytes are an
 * image of an allowed type; it is turned upright by its orientation tag, stripped of metadata (no
 * GPS leaves the server), and written as three WebP variants (1600, 800 and 480 px on the longest
 * edge; docs/decisions/medium-image-variant.md) under content-addressed public keys, so their URLs
 * can be cached for a year. The original is kept privately for later reprocessing (rotation).
 *
 * Memory: the upload is read from its temporary file by libvips in sequential mode and shrunk
 * while it is decoded, the smaller variants are made from the large one rather than by decoding
 * the original again, and hashing streams, so a large upload is never held whole in memory.
 */
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type Sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { AppError } from '#server/errors.ts';
import type { FileStorage } from '#server/files/storage.ts';
import type { FileRule } from '#server/uploads.ts';
import { IMAGE_MAX_BYTES } from '#shared/limits.ts';

let sharpModule: Promise<typeof Sharp> | undefined;

/** sharp (libvips, ~30 MB resident) is loaded by the first image: a site that is only read never pays for it. */
function loadSharp(): Promise<typeof Sharp> {
  return (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once, so libvips' operation cache (up to 50 MB by default) would only
    // hold memory that is never reused.
    sharp.cache(false);
    return sharp;
  }));
}

const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
const LARGE_MAX_EDGE = 1600;
/** A phone showing a picture across its width (412 px at 1.75 dppx) needs about 720 px. */
const MEDIUM_MAX_EDGE = 800;
const THUMB_MAX_EDGE = 480;
/** 50 megapixels: a camera photo fits; a decompression bomb of huge dimensions does not. */
const MAX_INPUT_PIXELS = 50_000_000;

const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).';
const IMAGE_TOO_LARGE = 'The image is too large: at most 50 megapixels.';
const IMAGE_UNREADABLE = 'The image could not be read; it may be damaged or incomplete.';

const TOO_LARGE = 'The file you have uploaded is too large. Max 256MiB.';
/** The 413 for an image upload over IMAGE_MAX_BYTES, refused while it streams (multipart rule). */
const imageTooLarge = (field: string) => () => AppError.tooLarge(field, TOO_LARGE);

/** An image part of an upload procedure's meta (uploads.ts): up to IMAGE_MAX_BYTES as it streams. */
export const imageUpload = (field: string): FileRule => ({ maxBytes: IMAGE_MAX_BYTES, tooLarge: imageTooLarge(field) });

export interface ProcessedImage {
  original_key: string;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  medium_key: string;
  medium_width: number;
  medium_height: number;
}

export type ImageSource = { path: string } | { buffer: Buffer };

export interface ProcessOptions {
  /** Move the source file into the store instead of copying it (the caller's temp file). */
  moveSource?: boolean;
}

async function detectType(source: ImageSource) {
  // Loaded by the first upload, not at start.
  const { fileTypeFromFile, fileTypeFromBuffer } = await import('file-type');
  return 'path' in source ? fileTypeFromFile(source.path) : fileTypeFromBuffer(source.buffer);
}

function openImage(sharp: typeof Sharp, input: string | Buffer) {
  // failOn 'error' also rejects truncated files (libvips would otherwise pad them with grey).
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false, sequentialRead: true });
}

/** HEIC/HEIF (iPhone photos) when this build of libvips can decode them (prebuilt sharp decodes AVIF only). */
async function acceptedTypes(mime: string): Promise<boolean> {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(mime)) return true;
  if (mime !== 'image/heic' && mime !== 'image/heif') return false;
  const suffixes: readonly string[] = (await loadSharp()).format.heif?.input.fileSuffix ?? [];
  return suffixes.includes('.heic');
}

/**
 * An upload turned into its large and thumbnail WebP variants, in memory: upright, without
 * metadata, nothing stored yet. Public images add the medium one (processImage); quote photos,
 * seen only by the shop's admins at full size, do without.
 */
export interface ImageVariants {
  /** The type the bytes were found to be. */
  type: { ext: string; mime: string };
  large: RenderedVariant;
  thumb: RenderedVariant;
}

type RenderedVariant = { data: Buffer; info: OutputInfo };

/** The medium variant, from the large one (which is upright and stripped already). */
async function renderMediumVariant(sharp: typeof Sharp, large: Buffer): Promise<RenderedVariant> {
  return sharp(large)
    .resize({ width: MEDIUM_MAX_EDGE, height: MEDIUM_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Decides the type by the bytes and renders the variants; `field` names the form field for the
 * 422 when the bytes are not a usable image. Writes nothing.
 */
export async function renderImageVariants(source: ImageSource, field: string): Promise<ImageVariants> {
  const type = await detectType(source);
  if (!type || !(await acceptedTypes(type.mime))) throw AppError.field(field, NOT_AN_IMAGE);
  const input = 'path' in source ? source.path : source.buffer;
  const sharp = await loadSharp();
  try {
    // The header alone tells the dimensions: a bomb is refused before any pixel is decoded.
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error('Input image exceeds pixel limit');
    const large = await openImage(sharp, input)
      .autoOrient()
      .resize({ width: LARGE_MAX_EDGE, height: LARGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(large.data)
      .resize({ width: THUMB_MAX_EDGE, height: THUMB_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return { type: { ext: type.ext, mime: type.mime }, large, thumb };
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(reason)) throw AppError.field(field, IMAGE_TOO_LARGE);
    throw AppError.field(field, IMAGE_UNREADABLE);
  }
}

/**
 * Processes an image; `field` names the form field for the 422 when the bytes are not a usable
 * image. Writes nothing when it fails.
 */
export async function processImage(
  storage: FileStorage,
  source: ImageSource,
  field: string,
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  const { type, large, thumb } = await renderImageVariants(source, field);
  const medium = await renderMediumVariant(await loadSharp(), large.data);

  const originalHash = 'path' in source ? await hashOfFile(source.path) : hashOf(source.buffer);
  const original_key = `private/originals/${originalHash}.${type.ext}`;
  const large_key = `public/img/${hashOf(large.data)}-l.webp`;
  const thumb_key = `public/img/${hashOf(thumb.data)}-t.webp`;
  const medium_key = mediumKeyOf(medium.data);

  // Names are content hashes: a file already stored is the same file. It is written again anyway
  // (which keeps it fresh for the orphan sweep), but when the store fails part way (a full disk, a
  // bucket going down) only the files this call added go again: files that were there before
  // belong to other rows, and nothing is left that no row will name.
  const added: string[] = [];
  const put = async (key: string, write: () => Promise<void>) => {
    const isNew = (await storage.size(key)) === null;
    await write();
    if (isNew) added.push(key);
  };
  try {
    await put(original_key, () =>
      'path' in source
        ? storage.putFile(original_key, source.path, { move: options.moveSource ?? false })
        : storage.putBuffer(original_key, source.buffer),
    );
    await put(large_key, () => storage.putBuffer(large_key, large.data));
    await put(thumb_key, () => storage.putBuffer(thumb_key, thumb.data));
    await put(medium_key, () => storage.putBuffer(medium_key, medium.data));
  } catch (error) {
    await Promise.all(added.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }

  return {
    original_key,
    large_key,
    large_width: large.info.width,
    large_height: large.info.height,
    thumb_key,
    thumb_width: thumb.info.width,
    thumb_height: thumb.info.height,
    medium_key,
    medium_width: medium.info.width,
    medium_height: medium.info.height,
  };
}

const mediumKeyOf = (data: Buffer) => `public/img/${hashOf(data)}-m.webp`;

/**
 * Makes and stores the medium variant of an image stored before that variant existed, from its
 * large variant. Content-addressed, so two copies doing it at once write the same file.
 */
export async function storeMediumVariant(
  storage: FileStorage,
  largeKey: string,
): Promise<Pick<ProcessedImage, 'medium_key' | 'medium_width' | 'medium_height'>> {
  const medium = await renderMediumVariant(await loadSharp(), await storage.read(largeKey));
  const medium_key = mediumKeyOf(medium.data);
  await storage.putBuffer(medium_key, medium.data);
  return { medium_key, medium_width: medium.info.width, medium_height: medium.info.height };
}

/**
 * Writes the stored original, upright and turned 90° clockwise, to a temporary file and returns
 * its path (the caller removes it). JPEGs stay JPEG at high quality; other types become PNG so
 * transparency survives. The original is read as bytes: it may be in a bucket, not on this disk.
 */
export async function rotatedOriginal(storage: FileStorage, originalKey: string): Promise<string> {
  const target = storage.newTempPath('.img');
  const source = await storage.read(originalKey);
  const sharp = await loadSharp();
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).autoOrient().rotate(90);
  try {
    if (/\.jpe?g$/i.test(originalKey)) await pipeline.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(target);
    else await pipeline.png({ compressionLevel: 3 }).toFile(target);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return target;
}

/**
 * Hashes the file through one reused 1 MiB buffer: a large upload is never held in memory, and
 * reading it leaves no trail of chunk buffers for the garbage collector to catch up with.
 */
async function hashOfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const handle = await open(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex').slice(0, 32);
}

function hashOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}
