/**
 * What a version of each kind of item is, read from the live tables, and how a version is put
 * back into them (a restore). The live tables stay the published truth the public snapshot reads;
 * a version is a copy of an item's edited fields (docs/decisions/content-versions-and-drafts.md).
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';
import * as widgets from '#server/widgets/widgets.repository.ts';
import * as galleries from '#server/galleries/galleries.repository.ts';
import * as galleryImages from '#server/galleries/gallery-images.repository.ts';
import * as testimonials from '#server/testimonials/testimonials.repository.ts';
import * as shop from '#server/shop/shop.repository.ts';
import { findImageVariants } from '#server/images/images.repository.ts';
import {
  versionDataSchemas,
  type GalleryVersionData,
  type TestimonialVersionData,
  type WidgetVersionData,
} from '#shared/schemas/versions.ts';
import { shopSchema, type Shop } from '#shared/schemas/shop.ts';

type Db = Kysely<Database>;

export type VersionData = WidgetVersionData | GalleryVersionData | TestimonialVersionData | Shop;

/** The shop record is one row: its item id is always 1. */
export const SHOP_ITEM_ID = 1;

/** The item's fields as a version keeps them; undefined when the item is gone. */
export async function readItemState(db: Db, kind: ContentKind, id: number): Promise<VersionData | undefined> {
  switch (kind) {
    case 'widget': {
      const row = await widgets.findWidgetById(db, id);
      return row && { name: row.name, type: row.type, html: row.html, alt: row.alt, image_id: row.image_id };
    }
    case 'gallery': {
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
    }
    case 'testimonial': {
      const row = await testimonials.findTestimonial(db, id);
      return row && { name: row.name, score: row.score, review: row.review };
    }
    case 'shop': {
      if (id !== SHOP_ITEM_ID) return undefined;
      const record = await shop.findShop(db);
      if (!record) return undefined;
      const { updatedAt: _updatedAt, ...fields } = record;
      return shopSchema.parse(fields);
    }
  }
}

/** Locks the live row for the rest of the transaction; false when the item is gone. */
export async function lockItem(db: Db, kind: ContentKind, id: number): Promise<boolean> {
  switch (kind) {
    case 'widget':
      return (await widgets.lockWidget(db, id)) !== undefined;
    case 'gallery':
      return (await galleries.lockGallery(db, id)) !== undefined;
    case 'testimonial':
      return (await testimonials.lockTestimonial(db, id)) !== undefined;
    case 'shop':
      return id === SHOP_ITEM_ID && (await shop.lockShop(db));
  }
}

/** The pictures a version names (kept with it). */
export function imagesOf(kind: ContentKind, data: VersionData): number[] {
  if (kind === 'widget') {
    const widget = data as WidgetVersionData;
    return widget.image_id === null ? [] : [widget.image_id];
  }
  if (kind === 'gallery') {
    const gallery = data as GalleryVersionData;
    return [...(gallery.cover_image_id === null ? [] : [gallery.cover_image_id]), ...gallery.images.map((image) => image.image_id)];
  }
  return [];
}

export function parseVersionData(kind: ContentKind, json: string): VersionData {
  return versionDataSchemas[kind].parse(JSON.parse(json));
}

/**
 * Writes a version's fields into the live row (the row is locked by the caller). A picture that no
 * longer exists leaves the current one; a gallery's images that were removed since stay removed,
 * and those added since follow the restored order. Returns the image ids the row stopped naming.
 */
export async function applyItemState(db: Db, kind: ContentKind, id: number, data: VersionData): Promise<number[]> {
  switch (kind) {
    case 'widget': {
      const widget = data as WidgetVersionData;
      const current = await widgets.lockWidget(db, id);
      const imageId =
        widget.image_id !== null && (await findImageVariants(db, [widget.image_id])).length > 0
          ? widget.image_id
          : (current?.image_id ?? null);
      await widgets.updateWidgetRow(db, id, {
        name: widget.name,
        type: widget.type,
        html: widget.html,
        alt: widget.alt,
        image_id: imageId,
      });
      return current?.image_id != null && current.image_id !== imageId ? [current.image_id] : [];
    }
    case 'gallery': {
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
    }
    case 'testimonial': {
      await testimonials.updateTestimonialRow(db, id, data as TestimonialVersionData);
      return [];
    }
    case 'shop': {
      await shop.updateShopRow(db, data as Shop);
      return [];
    }
  }
}
