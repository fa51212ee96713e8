/**
 * The gallery as a content kind (versions/content-kind.ts): how its history and bin read and
 * write it, its images in order. A gallery has no draft.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import { findImageVariants } from '#server/images/images.repository.ts';
import { releaseImagesQuietly } from '#server/images/images.service.ts';
import type { ContentKindAdapter } from '#server/versions/content-kind.ts';
import { forgetItemHistory } from '#server/versions/version-keeping.ts';
import type { GalleryVersionData } from '#shared/schemas/versions.ts';
import * as galleries from './galleries.repository.ts';
import * as galleryImages from './gallery-images.repository.ts';

export const galleryContentKind = {
  kind: 'gallery',
  label: (state) => (state as GalleryVersionData | undefined)?.name ?? null,
  async read(db, id) {
    const row = await galleries.findGallery(db, id);
    if (!row) return undefined;
    const images = await galleryImages.listGalleryImages(db, id);
    return {
      name: row.name,
      url: row.url,
      hidden: row.hidden,
      cover_image_id: row.cover_image_id,
      images: images.map((image) => ({ id: image.id, image_id: image.image_id, alt: image.alt, link: image.link })),
    };
  },
  lock: async (db, id) => (await galleries.lockGallery(db, id)) !== undefined,
  /**
   * A cover that no longer exists leaves the current one; images removed since stay removed, and
   * those added since follow the restored order.
   */
  async writeBack(db, id, data) {
    const gallery = data as GalleryVersionData;
    const current = await galleries.lockGallery(db, id);
    const coverExists = gallery.cover_image_id === null || (await findImageVariants(db, [gallery.cover_image_id])).length > 0;
    const cover = coverExists ? gallery.cover_image_id : (current?.cover_image_id ?? null);
    await galleries.updateGalleryRow(db, id, { name: gallery.name, url: gallery.url, hidden: gallery.hidden, cover_image_id: cover });
    const present = await galleryImages.listGalleryImages(db, id);
    const presentIds = new Set(present.map((image) => image.id));
    const kept = gallery.images.filter((image) => presentIds.has(image.id));
    for (const image of kept) await galleryImages.updateGalleryImageRow(db, image.id, { alt: image.alt, link: image.link });
    const keptIds = new Set(kept.map((image) => image.id));
    const order = [...kept.map((image) => image.id), ...present.filter((image) => !keptIds.has(image.id)).map((image) => image.id)];
    await galleryImages.setGalleryImagePositions(db, id, order);
    return current?.cover_image_id != null && current.cover_image_id !== cover ? [current.cover_image_id] : [];
  },
  imagesOf(data) {
    const gallery = data as GalleryVersionData;
    return [...(gallery.cover_image_id === null ? [] : [gallery.cover_image_id]), ...gallery.images.map((image) => image.image_id)];
  },
  bin: {
    list: async (db, page) =>
      (await galleries.listBinnedGalleries(db, page)).map(({ image_count, ...row }) => ({ ...row, imageCount: Number(image_count ?? 0) })),
    idsBinnedBefore: galleries.listGalleryIdsBinnedBefore,
    isBinned: async (db, id) => (await galleries.lockBinnedGallery(db, id)) !== undefined,
    restore: async (trx, id) => (await galleries.unbinGallery(trx, id))?.name,
    /**
     * Deletes a binned gallery for good, as a delete did before the bin: its rows, then its images
     * and their files once nothing else points at them.
     */
    async purge(deps, id, actor) {
      const imageIds = await deps.db.transaction().execute(async (trx) => {
        const locked = await galleries.lockBinnedGallery(trx, id);
        if (!locked) return null;
        const images = await galleryImages.galleryImageIds(trx, id);
        await galleries.deleteBinnedGalleryRow(trx, id);
        const keptByHistory = await forgetItemHistory(trx, 'gallery', id);
        await recordActivity(trx, { actor, kind: 'bin-purged', item: { type: 'gallery', id, label: locked.name } });
        return [locked.cover_image_id, ...images.map((image) => image.image_id), ...keptByHistory];
      });
      if (imageIds === null) return false;
      await releaseImagesQuietly(deps, imageIds);
      return true;
    },
  },
} satisfies ContentKindAdapter;
