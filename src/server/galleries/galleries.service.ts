/**
 * Galleries and their images. Writes that bring a new image (a cover, an upload, a rotation) go
 * through images.service.ts replaceImage, so no row or file is left behind when they fail, and
 * images that lose their last reference are released after the commit.
 */
import { rm } from 'node:fs/promises';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { presentImageVariants } from '#server/images/image-presenter.ts';
import { rotatedOriginal } from '#server/images/image-processing.ts';
import { getOriginalKey } from '#server/images/images.repository.ts';
import { releaseImagesQuietly, replaceImage } from '#server/images/images.service.ts';
import type { Gallery, GalleryImage, GallerySummary } from '#shared/schemas/content.ts';
import type { GalleryImageUpdateInput, GalleryListInput, GalleryReorderInput, GalleryUpdateInput } from '#shared/schemas/content-inputs.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { type Actor } from '#server/activity/actor.ts';
import * as galleries from './galleries.repository.ts';
import * as galleryImages from './gallery-images.repository.ts';
import type { GalleryRecord } from './galleries.repository.ts';
import type { GalleryImageRecord } from './gallery-images.repository.ts';
import { keepVersion, withVersion } from '#server/versions/version-keeping.ts';
import { galleryContentKind } from './gallery.content-kind.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

const INVALID_GALLERY_MESSAGE = 'The selected gallery id is invalid.';

function presentGallerySummary(deps: Pick<AppDeps, 'storage'>, row: GalleryRecord): GallerySummary {
  const image = presentImageVariants(deps.storage, row);
  return { id: row.id, name: row.name, url: row.url, image_url: image?.large_url ?? null, hidden: row.hidden, image };
}

function presentGalleryImage(deps: Pick<AppDeps, 'storage'>, row: GalleryImageRecord): GalleryImage {
  // An inner join: a gallery image always has its image row.
  const image = presentImageVariants(deps.storage, row)!;
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

/**
 * The public list (hidden=false) shows the visible galleries that have images, each with its
 * cover or else its first image; any other listing is the admin's, which the router checks
 * before calling this.
 */
export async function listGalleries(deps: Deps, input: GalleryListInput): Promise<{ results: GallerySummary[]; total: number }> {
  const paged = input.hidden !== false || input.limit !== undefined || input.page !== undefined;
  if (!paged) {
    const rows = await galleries.listPublicGalleries(deps.db);
    return { results: rows.map((row) => presentGallerySummary(deps, row)), total: rows.length };
  }
  const limit = input.limit ?? ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    galleries.listGalleries(deps.db, { hidden: input.hidden, limit, offset: (input.page ?? 0) * limit }),
    galleries.countGalleries(deps.db, input.hidden),
  ]);
  return { results: rows.map((row) => presentGallerySummary(deps, row)), total };
}

/** A gallery with its images in position order; a hidden one exists only for admins. */
export async function getGallery(deps: Deps, id: number, options: { canSeeHidden: boolean }): Promise<Gallery> {
  const row = await galleries.findGallery(deps.db, id);
  if (!row || (row.hidden && !options.canSeeHidden)) throw AppError.notFound();
  const images = await galleryImages.listGalleryImages(deps.db, id);
  return { ...presentGallerySummary(deps, row), images: images.map((image) => presentGalleryImage(deps, image)) };
}

export async function createGallery(deps: Deps, name: string, actor: Actor): Promise<{ id: number }> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const galleryId = await galleries.insertGallery(trx, { name });
    // A gallery's own page is its url until an admin sets another (as the seed does).
    await galleries.updateGalleryRow(trx, galleryId, { url: `/galleries/${galleryId}` });
    await keepVersion(trx, galleryContentKind, galleryId, actor.userId);
    await recordActivity(trx, { actor, kind: 'content-saved', item: { type: 'gallery', id: galleryId, label: name }, details: 'created' });
    return galleryId;
  });
  return { id };
}

/** Updates fields and, when `coverPath` is given, the cover image. */
export async function updateGallery(deps: Deps, input: GalleryUpdateInput, actor: Actor, coverPath?: string): Promise<Gallery> {
  if (!(await galleries.findGallery(deps.db, input.id))) throw AppError.notFound();
  await replaceImage(deps, coverPath ? { path: coverPath, field: 'image' } : null, async (trx, cover) => {
    const locked = await galleries.lockGallery(trx, input.id);
    if (!locked) throw AppError.notFound();
    const values: Parameters<typeof galleries.updateGalleryRow>[2] = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.url !== undefined) values.url = input.url ?? '';
    if (input.hidden !== undefined) values.hidden = input.hidden;
    if (cover) values.cover_image_id = cover.id;
    // Every save keeps a version, in the save's transaction.
    await withVersion(trx, galleryContentKind, input.id, actor.userId, () => galleries.updateGalleryRow(trx, input.id, values));
    await recordActivity(trx, {
      actor,
      kind: 'content-saved',
      item: { type: 'gallery', id: input.id, label: input.name ?? locked.name },
      details: cover ? 'cover changed' : null,
    });
    return { result: undefined, replaced: cover ? [locked.cover_image_id] : [] };
  });
  return getGallery(deps, input.id, { canSeeHidden: true });
}

/**
 * Moves the gallery to the bin with its images and their files (bin/bin.service.ts restores it
 * whole, or deletes it for good with gallery.content-kind.ts).
 */
export async function deleteGallery(deps: Deps, id: number, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const locked = await galleries.lockGallery(trx, id);
    if (!locked) throw AppError.notFound();
    await galleries.binGallery(trx, id, actor.userId);
    await recordActivity(trx, { actor, kind: 'content-deleted', item: { type: 'gallery', id, label: locked.name } });
  });
}

/** Adds an uploaded image to the end of a gallery. */
export async function addGalleryImage(deps: Deps, galleryId: number, filePath: string | undefined, actor: Actor): Promise<GalleryImage> {
  // The gallery is checked before the (slow) processing, and again under the lock below.
  if (!(await galleries.findGallery(deps.db, galleryId))) throw AppError.field('gallery_id', INVALID_GALLERY_MESSAGE);
  if (!filePath) throw AppError.field('file', 'The file field is required.');
  const id = await replaceImage(deps, { path: filePath, field: 'file' }, async (trx, image) => {
    const locked = await galleries.lockGallery(trx, galleryId);
    if (!locked) throw AppError.field('gallery_id', INVALID_GALLERY_MESSAGE);
    const added = await withVersion(trx, galleryContentKind, galleryId, actor.userId, () =>
      galleryImages.insertGalleryImage(trx, galleryId, image!.id),
    );
    await recordActivity(trx, {
      actor,
      kind: 'content-saved',
      item: { type: 'gallery', id: galleryId, label: locked.name },
      details: 'image added',
    });
    return { result: added, replaced: [] };
  });
  return getGalleryImage(deps, id);
}

async function getGalleryImage(deps: Deps, id: number): Promise<GalleryImage> {
  const row = await galleryImages.findGalleryImage(deps.db, id);
  if (!row) throw AppError.notFound();
  return presentGalleryImage(deps, row);
}

/** Puts a gallery's images in the given order; the ids must be exactly that gallery's images. */
export async function reorderGalleryImages(deps: Deps, input: GalleryReorderInput, actor: Actor): Promise<Gallery> {
  const ordered = input.images.map((image) => image.id);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await galleries.lockGallery(trx, input.id);
    if (!locked) throw AppError.notFound();
    const current = new Set((await galleryImages.galleryImageIds(trx, input.id)).map((row) => row.id));
    const given = new Set(ordered);
    const exact = given.size === ordered.length && given.size === current.size && ordered.every((id) => current.has(id));
    if (!exact) throw AppError.field('images', 'The images must be exactly the images of this gallery, each once.');
    await withVersion(trx, galleryContentKind, input.id, actor.userId, () =>
      galleryImages.setGalleryImagePositions(trx, input.id, ordered),
    );
    await recordActivity(trx, {
      actor,
      kind: 'content-saved',
      item: { type: 'gallery', id: input.id, label: locked.name },
      details: 'images reordered',
    });
  });
  return getGallery(deps, input.id, { canSeeHidden: true });
}

export async function updateGalleryImage(deps: Deps, input: GalleryImageUpdateInput, actor: Actor): Promise<GalleryImage> {
  const values: Parameters<typeof galleryImages.updateGalleryImageRow>[2] = {};
  if (input.alt !== undefined) values.alt = input.alt ?? '';
  if (input.link !== undefined) values.link = input.link;
  const found = await galleryImages.findGalleryImage(deps.db, input.id);
  if (!found) throw AppError.notFound();
  await deps.db.transaction().execute(async (trx) => {
    // Gallery first, then the image (as a delete does): the gallery's versions take turns.
    await galleries.lockGallery(trx, found.gallery_id);
    const locked = await galleryImages.lockGalleryImage(trx, input.id);
    if (!locked) throw AppError.notFound();
    await withVersion(trx, galleryContentKind, locked.gallery_id, actor.userId, () =>
      galleryImages.updateGalleryImageRow(trx, input.id, values),
    );
    await recordActivity(trx, {
      actor,
      kind: 'content-saved',
      item: { type: 'gallery', id: locked.gallery_id },
      details: 'image details changed',
    });
  });
  return getGalleryImage(deps, input.id);
}

/**
 * Turns an image 90° clockwise: a new image row and new files (so a new URL that can be cached
 * for a year), after which the old row and files go once nothing else points at them.
 */
export async function rotateGalleryImage(deps: Deps, id: number, actor: Actor): Promise<GalleryImage> {
  const existing = await galleryImages.findGalleryImage(deps.db, id);
  if (!existing) throw AppError.notFound();
  const rotatedPath = await rotatedOriginal(deps.storage, await getOriginalKey(deps.db, existing.image_id));
  try {
    await replaceImage(deps, { path: rotatedPath, field: 'image' }, async (trx, image) => {
      await galleries.lockGallery(trx, existing.gallery_id);
      const locked = await galleryImages.lockGalleryImage(trx, id);
      if (!locked) throw AppError.notFound();
      await withVersion(trx, galleryContentKind, locked.gallery_id, actor.userId, () =>
        galleryImages.updateGalleryImageRow(trx, id, { image_id: image!.id }),
      );
      await recordActivity(trx, {
        actor,
        kind: 'content-saved',
        item: { type: 'gallery', id: locked.gallery_id },
        details: 'image rotated',
      });
      return { result: undefined, replaced: [locked.image_id] };
    });
  } finally {
    await rm(rotatedPath, { force: true });
  }
  return getGalleryImage(deps, id);
}

export async function deleteGalleryImage(deps: Deps, id: number, actor: Actor): Promise<void> {
  const found = await galleryImages.findGalleryImage(deps.db, id);
  if (!found) throw AppError.notFound();
  const imageId = await deps.db.transaction().execute(async (trx) => {
    // Gallery first, then the image: the same order as a reorder, so the two cannot deadlock.
    await galleries.lockGallery(trx, found.gallery_id);
    const locked = await galleryImages.lockGalleryImage(trx, id);
    if (!locked) throw AppError.notFound();
    await withVersion(trx, galleryContentKind, locked.gallery_id, actor.userId, () =>
      galleryImages.deleteGalleryImageRow(trx, id, locked.gallery_id, locked.position),
    );
    await recordActivity(trx, { actor, kind: 'content-saved', item: { type: 'gallery', id: locked.gallery_id }, details: 'image removed' });
    return locked.image_id;
  });
  await releaseImagesQuietly(deps, [imageId]);
}
