/**
 * The content a page's first render reads, from the `reads` of its entry in the route table
 * (src/shared/screens.ts), in the shapes the procedures give (output schemas applied), so the
 * client's cache holds exactly what the API would have answered.
 */
import { galleryPageSchema, gallerySchema, testimonialPageSchema, widgetSchema } from '#shared/schemas/content.ts';
import type { InitialData } from '#shared/initial-data.ts';
import { shopSchema } from '#shared/schemas/shop.ts';
import { bookingSummarySchema } from '#shared/schemas/bookings.ts';
import type { PageHead } from './page-head.ts';
import type { PublicSnapshot } from './public-snapshot.ts';

export function initialDataFor(head: PageHead, snapshot: PublicSnapshot | undefined): InitialData | undefined {
  if (!snapshot) return undefined;
  const widgets = snapshot.content.widgets.map((w) => widgetSchema.parse(w));
  // Every page's footer shows the shop's details.
  const shop = shopSchema.parse(snapshot.content.shop);
  // Every page's menu shows Galleries only when there is a visible gallery (client/lib/site-sections.ts).
  const hasGalleries = snapshot.content.galleryList.length > 0;
  if (head.status === 404) return { widgets, shop, hasGalleries, notFound: true };
  // A sign-in shell, an account or admin screen (rendered for who asks) or a private page (the
  // repair tracker, whose route adds its own data: page-shell.ts renderPrivatePage) reads what
  // every page's layout reads: the footer's widgets and the shop.
  if (!head.canonicalPath && !head.match) return undefined;
  if (!head.canonicalPath && !head.match?.screen.private) return { widgets, shop, hasGalleries };
  const data: InitialData = { widgets, shop, hasGalleries };
  const reads = head.match?.screen.ssr?.reads ?? {};
  if (reads.galleryList) data.galleryList = galleryPageSchema.parse(snapshot.galleryList());
  if (reads.testimonials) data.testimonials = testimonialPageSchema.parse(snapshot.testimonials());
  if (reads.bookingSummary && snapshot.content.booking) data.bookingSummary = bookingSummarySchema.parse(snapshot.content.booking);
  // A gallery page shows the gallery of its path (pageHeadFor found it); the About page a slider of the workshop's.
  const gallery = typeof reads.gallery === 'number' ? snapshot.gallery(reads.gallery) : head.gallery;
  if (gallery) data.gallery = gallerySchema.parse(gallery);
  else if (typeof reads.gallery === 'number') data.unavailableGalleryId = reads.gallery;
  return data;
}
