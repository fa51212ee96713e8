/**
 * Public reads, answered from the in-memory snapshot (public-snapshot.ts), and the loader that
 * builds it from the same services the admin screens use, so the snapshot's shapes are the API's.
 * Reads fall back to the database only for what the snapshot does not hold: an admin's hidden
 * gallery, or a miss (which is then the contract's 404).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { getWidgetByName, listWidgets } from '#server/widgets/widgets.service.ts';
import { getGallery, listGalleries } from '#server/galleries/galleries.service.ts';
import { listTestimonials } from '#server/testimonials/testimonials.service.ts';
import { getShop } from '#server/shop/shop.service.ts';
import { loadBookingSummary } from '#server/bookings/booking-summary.service.ts';
import { listMediaWithheld } from '#server/images/images.service.ts';
import * as galleries from '#server/galleries/galleries.repository.ts';
import { latestWidgetChange } from '#server/widgets/widgets.repository.ts';
import { latestTestimonialChange } from '#server/testimonials/testimonials.repository.ts';
import type { Gallery, GallerySummary, Testimonial, Widget } from '#shared/schemas/content.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import { fillShopDetails } from '#shared/shop-details.ts';
import type { PublicContent } from './public-snapshot.ts';

/**
 * A widget as visitors read it: its shop-detail placeholders filled from the shop record (today's
 * status is left to the page, which knows the moment). The snapshot is rebuilt on every shop save.
 */
function withShopDetails(widget: Widget, shop: Shop): Widget {
  return widget.type === 'IMAGE' ? widget : { ...widget, html: fillShopDetails(widget.html, shop, null) };
}

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'publicContent'>;

/**
 * Changes laid over the published content before it is presented: an admin's preview puts each
 * draft in place of its item (versions/preview.service.ts). The public snapshot has none.
 */
export interface ContentOverlay {
  shop?: (shop: Shop) => Shop;
  widget?: (widget: Widget) => Widget;
  testimonial?: (testimonial: Testimonial) => Testimonial;
}

export async function loadPublicContent(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  overlay: ContentOverlay = {},
): Promise<PublicContent> {
  const live = await getShop(deps);
  const shop = overlay.shop ? overlay.shop(live) : live;
  const widgets = (await listWidgets(deps)).results.map((widget) =>
    withShopDetails(overlay.widget ? overlay.widget(widget) : widget, shop),
  );
  const { results: galleryList } = await listGalleries(deps, { hidden: false });
  // Every visible gallery answers on its own path, also one with no images (the list skips those).
  const visible = await galleries.listGalleries(deps.db, { hidden: false });
  const all: Gallery[] = [];
  for (const row of visible) all.push(await getGallery(deps, row.id, { canSeeHidden: false }));
  const { results: listed } = await listTestimonials(deps, { limit: Number.MAX_SAFE_INTEGER, page: 0 });
  const testimonials = overlay.testimonial ? listed.map(overlay.testimonial) : listed;
  const pageTimes = [await latestWidgetChange(deps.db), await latestTestimonialChange(deps.db)].filter((d): d is Date => d !== null);
  const changedAt = {
    pages: pageTimes.length ? new Date(Math.max(...pageTimes.map((d) => d.getTime()))) : null,
    galleries: await galleries.listGalleryChanges(deps.db),
  };
  const booking = await loadBookingSummary(deps, shop);
  const withheldMedia = await listMediaWithheld(deps);
  return { widgets, galleryList, galleries: all, testimonials, shop, booking, changedAt, withheldMedia };
}

export async function readWidgetByName(deps: Deps, name: string): Promise<Widget> {
  const fromSnapshot = deps.publicContent.current()?.widget(name);
  if (fromSnapshot) return fromSnapshot;
  return withShopDetails(await getWidgetByName(deps, name), await getShop(deps));
}

export async function readGallery(deps: Deps, id: number, options: { canSeeHidden: boolean }): Promise<Gallery> {
  return deps.publicContent.current()?.gallery(id) ?? getGallery(deps, id, options);
}

export async function readPublicGalleryList(deps: Deps): Promise<{ results: GallerySummary[]; total: number }> {
  return deps.publicContent.current()?.galleryList() ?? listGalleries(deps, { hidden: false });
}

export async function readTestimonials(
  deps: Deps,
  input: { limit?: number | undefined; page?: number | undefined },
): Promise<{ results: Testimonial[]; total: number }> {
  return deps.publicContent.current()?.testimonials(input.page, input.limit) ?? listTestimonials(deps, input);
}
