/**
 * The public content a page needs, embedded by the server in the page's first HTML
 * (`<script type="application/json" id="initial-data">`) so the client shows it at once, without
 * asking the API again (src/client/lib/initial-data.ts seeds the query cache with it).
 */
import type { Gallery, GallerySummary, Testimonial, Widget } from './schemas/content.ts';
import type { Shop } from './schemas/shop.ts';

export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

export interface InitialData {
  /** Every widget: the pages and the footer read them by name. */
  widgets: Widget[];
  /** The shop's details: every page's footer, titles and the contact page read them. */
  shop?: Shop;
  /** The testimonials carousel's first page (the home page). */
  testimonials?: { results: Testimonial[]; total: number };
  /** The public gallery list (the galleries page). */
  galleryList?: { results: GallerySummary[]; total: number };
  /** The gallery of a gallery page, or the About page's slider. */
  gallery?: Gallery;
  /** A gallery the page shows that a visitor may not see (hidden or deleted): the page shows it as absent, without asking. */
  unavailableGalleryId?: number;
  /** The server answered 404 for this address: the client shows the not-found page there, whatever route it matches. */
  notFound?: true;
}
