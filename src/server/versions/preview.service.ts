/**
 * Preview of drafts (issue 27): the public content with every draft in place of its published
 * item, for an admin's preview of a page (plugins/pages.ts, src/shared/preview.ts). Loaded per
 * request and never kept: the public snapshot, the page cache and the fast path never see it.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { loadPublicContent } from '#server/public-content/public-content.service.ts';
import { PublicSnapshot } from '#server/public-content/public-snapshot.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { DRAFT_KINDS, type TestimonialVersionData, type WidgetVersionData } from '#shared/schemas/versions.ts';
import * as versions from './content-versions.repository.ts';
import { parseVersionData } from './item-states.ts';

/** A snapshot version no real one has: pages rendered from it are never confused with cached ones. */
const PREVIEW_VERSION = -1;

/** The public content as it would be with every draft published; null when there is no draft. */
export async function loadPreviewSnapshot(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>): Promise<PublicSnapshot | null> {
  const rows = await versions.listDrafts(deps.db, DRAFT_KINDS);
  if (rows.length === 0) return null;
  const widgets = new Map<number, WidgetVersionData>();
  const testimonials = new Map<number, TestimonialVersionData>();
  let shop: Shop | undefined;
  for (const row of rows) {
    const data = parseVersionData(row.item_kind, row.data);
    if (row.item_kind === 'widget') widgets.set(row.item_id, data as WidgetVersionData);
    else if (row.item_kind === 'testimonial') testimonials.set(row.item_id, data as TestimonialVersionData);
    else if (row.item_kind === 'shop') shop = data as Shop;
  }
  const content = await loadPublicContent(deps, {
    ...(shop ? { shop: () => shop } : {}),
    widget: (widget) => {
      const draft = widgets.get(widget.id);
      // A draft does not carry a picture: the live one stays (drafts.service.ts).
      return draft ? { ...widget, name: draft.name, type: draft.type, html: draft.html, alt: draft.alt } : widget;
    },
    testimonial: (testimonial) => {
      const draft = testimonials.get(testimonial.id);
      return draft ? { ...testimonial, name: draft.name, score: draft.score, review: draft.review } : testimonial;
    },
  });
  return new PublicSnapshot(content, PREVIEW_VERSION, new Date());
}
