/**
 * Galleries and their images. Image files are processed before a transaction opens (sharp is
 * slow) and released again when the transaction fails; images that lose their last reference
 * are released after the commit (files/images.ts), so no row or file is left behind either way.
 */
import { rm } from 'node:fs/promises';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import {
  getOriginalKey,
  presentImageVariants,
  releaseImages,
  rotatedOriginal,
  storeImage,
  type StoredImage,
} from '#server/files/images.ts';
import type { Gallery, GalleryImage, GallerySummary, ImageVariants } from '#shared/schemas/content.ts';
import type { GalleryImageUpdateInput, GalleryListInput, GalleryReorderInput, GalleryUpdateInput } from '#shared/schemas/content-inputs.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import * as repo from './galleries.repository.ts';
import type { GalleryImageRecord, GalleryRecord } from './galleries.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

interface VariantColumns {
  large_key: string | null;
  large_width: number | null;
  large_height: number | null;
  thumb_key: string | null;
  thumb_width: number | null;
  thumb_height: number | null;
}

function variantsOf(deps: Pick<AppDeps, 'storage'>, row: VariantColumns): ImageVariants | null {
  if (!row.large_key || !row.thumb_key) return null;
  return presentImageVariants(deps.storage, {
    large_key: row.large_key,
    large_width: row.large_width ?? 0,
    large_height: row.large_height ?? 0,
    thumb_key: row.thumb_key,
    thumb_width: row.thumb_width ?? 0,
    thumb_height: row.thumb_height ?? 0,
  });
}

export function presentGallerySummary(deps: Pick<AppDeps, 'storage'>, row: GalleryRecord): GallerySummary {
  const image = row.cover_image_id !== null ? variantsOf(deps, row) : null;
  return { id: row.id, name: row.name, url: row.url, image_url: image?.large_url ?? null, hidden: row.hidden, image };
}

export function presentGalleryImage(deps: Pick<AppDeps, 'storage'>, row: GalleryImageRecord): GalleryImage {
  const image = variantsOf(deps, row)!;
  return {
    id: row.id,
    gallery_id: row.gallery_id,
    image_url: image.large_url,
    alt: row.alt,
    link: row.link,
    position: row.position,
    image,
  };
}

const notFound = () => AppError.notFound();

/**
 * The public sees visible galleries only (hidden=false); any other listing is the admin's, which
 * the router checks before calling this.
 */
export async function listGalleries(deps: Deps, input: GalleryListInput): Promise<{ results: GallerySummary[]; total: number }> {
  const paged = input.hidden !== false || input.limit !== undefined || input.page !== undefined;
  const limit = paged ? (input.limit ?? ADMIN_PAGE_SIZE) : undefined;
  const offset = paged ? (input.page ?? 0) * (limit ?? 0) : 0;
  const [rows, total] = await Promise.all([
    repo.listGalleries(deps.db, { hidden: input.hidden, limit, offset }),
    repo.countGalleries(deps.db, input.hidden),
  ]);
  return { results: rows.map((row) => presentGallerySummary(deps, row)), total };
}

/** A gallery with its images in position order; a hidden one exists only for admins. */
export async function getGallery(deps: Deps, id: number, options: { canSeeHidden: boolean }): Promise<Gallery> {
  const row = await repo.findGallery(deps.db, id);
  if (!row || (row.hidden && !options.canSeeHidden)) throw notFound();
  const images = await repo.listGalleryImages(deps.db, id);
  return { ...presentGallerySummary(deps, row), images: images.map((image) => presentGalleryImage(deps, image)) };
}

export async function createGallery(deps: Deps, name: string): Promise<{ id: number }> {
  return { id: await repo.insertGallery(deps.db, name) };
}

/** Updates fields and, when `coverPath` is given, the cover image. */
export async function updateGallery(deps: Deps, input: GalleryUpdateInput, coverPath?: string): Promise<Gallery> {
  if (!(await repo.findGallery(deps.db, input.id))) throw notFound();
  const cover = coverPath ? await storeImage(deps.db, deps.storage, { path: coverPath }, 'image', { moveSource: true }) : undefined;
  let previousCover: number | null = null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const locked = await repo.lockGallery(trx, input.id);
      if (!locked) throw notFound();
      previousCover = locked.cover_image_id;
      const values: Parameters<typeof repo.updateGalleryRow>[2] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.url !== undefined) values.url = input.url ?? '';
      if (input.hidden !== undefined) values.hidden = input.hidden;
      if (cover) values.cover_image_id = cover.id;
      await repo.updateGalleryRow(trx, input.id, values);
    });
  } catch (error) {
    if (cover) await releaseImages(deps.db, deps.storage, [cover.id]);
    throw error;
  }
  if (cover) await releaseQuietly(deps, [previousCover]);
  return getGallery(deps, input.id, { canSeeHidden: true });
}

export async function deleteGallery(deps: Deps, id: number): Promise<void> {
  const imageIds = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockGallery(trx, id);
    if (!locked) throw notFound();
    const images = await repo.galleryImageIds(trx, id);
    await repo.deleteGalleryImagesOf(trx, id);
    await repo.deleteGalleryRow(trx, id);
    return [locked.cover_image_id, ...images.map((image) => image.image_id)];
  });
  await releaseQuietly(deps, imageIds);
}

/** Adds an uploaded image to the end of a gallery. */
export async function addGalleryImage(deps: Deps, galleryId: number, filePath: string | undefined): Promise<GalleryImage> {
  // The gallery is checked before the (slow) processing, and again under the lock below.
  if (!(await repo.findGallery(deps.db, galleryId))) throw AppError.field('gallery_id', 'The selected gallery id is invalid.');
  if (!filePath) throw AppError.field('file', 'The file field is required.');
  const stored = await storeImage(deps.db, deps.storage, { path: filePath }, 'file', { moveSource: true });
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.lockGallery(trx, galleryId))) throw AppError.field('gallery_id', 'The selected gallery id is invalid.');
      return repo.insertGalleryImage(trx, galleryId, stored.id);
    });
    return await getGalleryImage(deps, id);
  } catch (error) {
    await releaseImages(deps.db, deps.storage, [stored.id]);
    throw error;
  }
}

export async function getGalleryImage(deps: Deps, id: number): Promise<GalleryImage> {
  const row = await repo.findGalleryImage(deps.db, id);
  if (!row) throw notFound();
  return presentGalleryImage(deps, row);
}

/** Puts a gallery's images in the given order; the ids must be exactly that gallery's images. */
export async function reorderGalleryImages(deps: Deps, input: GalleryReorderInput): Promise<Gallery> {
  const ordered = input.images.map((image) => image.id);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockGallery(trx, input.id))) throw notFound();
    const current = new Set((await repo.galleryImageIds(trx, input.id)).map((row) => row.id));
    const given = new Set(ordered);
    const exact = given.size === ordered.length && given.size === current.size && ordered.every((id) => current.has(id));
    if (!exact) throw AppError.field('images', 'The images must be exactly the images of this gallery, each once.');
    await repo.setGalleryImagePositions(trx, input.id, ordered);
  });
  return getGallery(deps, input.id, { canSeeHidden: true });
}

export async function updateGalleryImage(deps: Deps, input: GalleryImageUpdateInput): Promise<GalleryImage> {
  const values: Parameters<typeof repo.updateGalleryImageRow>[2] = {};
  if (input.alt !== undefined) values.alt = input.alt ?? '';
  if (input.link !== undefined) values.link = input.link;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockGalleryImage(trx, input.id))) throw notFound();
    await repo.updateGalleryImageRow(trx, input.id, values);
  });
  return getGalleryImage(deps, input.id);
}

/**
 * Turns an image 90° clockwise: a new image row and new files (so a new URL that can be cached
 * for a year), after which the old row and files go once nothing else points at them.
 */
export async function rotateGalleryImage(deps: Deps, id: number): Promise<GalleryImage> {
  const existing = await repo.findGalleryImage(deps.db, id);
  if (!existing) throw notFound();
  const rotatedPath = await rotatedOriginal(deps.storage, await getOriginalKey(deps.db, existing.image_id));
  let stored: StoredImage;
  try {
    stored = await storeImage(deps.db, deps.storage, { path: rotatedPath }, 'image', { moveSource: true });
  } finally {
    await rm(rotatedPath, { force: true });
  }
  let previous: number;
  try {
    previous = await deps.db.transaction().execute(async (trx) => {
      const locked = await repo.lockGalleryImage(trx, id);
      if (!locked) throw notFound();
      await repo.updateGalleryImageRow(trx, id, { image_id: stored.id });
      return locked.image_id;
    });
  } catch (error) {
    await releaseImages(deps.db, deps.storage, [stored.id]);
    throw error;
  }
  if (previous !== stored.id) await releaseQuietly(deps, [previous]);
  return getGalleryImage(deps, id);
}

export async function deleteGalleryImage(deps: Deps, id: number): Promise<void> {
  const found = await repo.findGalleryImage(deps.db, id);
  if (!found) throw notFound();
  const imageId = await deps.db.transaction().execute(async (trx) => {
    // Gallery first, then the image: the same order as a reorder, so the two cannot deadlock.
    await repo.lockGallery(trx, found.gallery_id);
    const locked = await repo.lockGalleryImage(trx, id);
    if (!locked) throw notFound();
    await repo.deleteGalleryImageRow(trx, id, locked.gallery_id, locked.position);
    return locked.image_id;
  });
  await releaseQuietly(deps, [imageId]);
}

/** After a commit the change stands; a cleanup failure leaves a stray file, never a failed request. */
async function releaseQuietly(deps: Deps, ids: (number | null)[]): Promise<void> {
  try {
    await releaseImages(deps.db, deps.storage, ids);
  } catch (err) {
    deps.log.warn({ err }, 'image cleanup failed');
  }
}
