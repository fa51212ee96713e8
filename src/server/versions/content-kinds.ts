/**
 * Every content kind's adapter, as jobs/definitions/index.ts names every job: history, drafts,
 * the bin, preview and scheduled changes walk this list or look a kind up in it. A new kind is
 * its adapter in its area and a line here; the type below refuses a kind left out, an adapter
 * without the bin's operations for a kind in BIN_KINDS, or without a draft's for one in DRAFT_KINDS.
 */
import type { DraftKind } from '#shared/schemas/versions.ts';
import type { BinKind, ContentKind } from '#shared/value-sets.ts';
import { galleryContentKind } from '#server/galleries/gallery.content-kind.ts';
import { shopContentKind } from '#server/shop/shop.content-kind.ts';
import { testimonialContentKind } from '#server/testimonials/testimonial.content-kind.ts';
import { widgetContentKind } from '#server/widgets/widget.content-kind.ts';
import type { BinOperations, ContentKindAdapter, DraftOperations } from './content-kind.ts';

type AdapterOf<K extends ContentKind> = ContentKindAdapter & { kind: K } & (K extends BinKind ? { bin: BinOperations } : unknown) &
  (K extends DraftKind ? { draft: DraftOperations } : unknown);

const CONTENT_KIND_ADAPTERS = {
  widget: widgetContentKind,
  gallery: galleryContentKind,
  testimonial: testimonialContentKind,
  shop: shopContentKind,
} satisfies { [K in ContentKind]: AdapterOf<K> };

export function contentKind(kind: ContentKind): ContentKindAdapter {
  return CONTENT_KIND_ADAPTERS[kind];
}

/** The bin's operations of a kind in BIN_KINDS. */
export function binOf(kind: BinKind): BinOperations {
  return CONTENT_KIND_ADAPTERS[kind].bin;
}

/** The draft's operations of a kind in DRAFT_KINDS. */
export function draftOf(kind: DraftKind): DraftOperations {
  return CONTENT_KIND_ADAPTERS[kind].draft;
}

/** Every adapter, in CONTENT_KINDS order. */
export const CONTENT_KIND_LIST: readonly ContentKindAdapter[] = Object.values(CONTENT_KIND_ADAPTERS);
