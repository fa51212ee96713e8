/**
 * The public content a page needs, embedded by the server in the page's first HTML
 * (`<script type="application/json" id="initial-data">`) so the client shows it at once, without
 * asking the API again (src/client/lib/initial-data.ts seeds the query cache with it).
 */
import type { Gallery, GallerySummary, Testimonial, Widget } from './schemas/content.ts';
import type { Shop } from './schemas/shop.ts';
import type { BookingSummary } from './schemas/bookings.ts';
import type { RepairTracker } from './schemas/repair-jobs.ts';
import type { ReviewPage } from './schemas/reviews.ts';
import type { CustomerEstimate } from './schemas/estimates.ts';
import type { NativeFormState } from './native-forms.ts';
import type { InvitationLookup } from './schemas/staff-invitations.ts';

export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * A screen the browser renders for a signed-in user (account, admin) carries who asked, as
 * session.current would answer (`{ data: user | null }`), in `<script type="application/json"
 * id="session-user">`: the screen then renders without asking first (LCP at most 2.0 s).
 */
export const SESSION_USER_ELEMENT_ID = 'session-user';

export interface InitialData {
  /** Every widget: the pages and the footer read them by name. */
  widgets: Widget[];
  /** The shop's details: every page's footer, titles and the contact page read them. */
  shop?: Shop;
  /** The testimonials carousel's first page (the home page). */
  testimonials?: { results: Testimonial[]; total: number };
  /** The public gallery list (the galleries page). */
  galleryList?: { results: GallerySummary[]; total: number };
  /**
   * Whether there is a visible gallery with pictures: every page's menu shows Galleries only then
   * (client/lib/site-sections.ts). A flag, not the list: the list is 3 KB on every page.
   */
  hasGalleries?: boolean;
  /** The gallery of a gallery page, or the About page's slider. */
  gallery?: Gallery;
  /** The booking types and the next free estimate (the home, contact and booking pages). */
  bookingSummary?: BookingSummary;
  /** A gallery the page shows that a visitor may not see (hidden or deleted): the page shows it as absent, without asking. */
  unavailableGalleryId?: number;
  /** The repair tracker of a /track/{token} page, under its token (a private page: repair-jobs/tracker-page.route.ts). */
  repairTracker?: { token: string; tracker: RepairTracker };
  /** The review request's page of a /review/{token} page, under its token (a private page: reviews/review-page.route.ts). */
  reviewPage?: { token: string; page: ReviewPage };
  /** A staff invitation's /accept-invitation/{token} page, under its token (a private page: users/invitation-page.route.ts). */
  staffInvitation?: { token: string; invitation: InvitationLookup };
  /** The estimate of a /estimate/{token} page, under its token (a private page: estimates/estimate-page.route.ts). */
  estimatePage?: { token: string; estimate: CustomerEstimate };
  /**
   * The answer to a form posted without JavaScript (src/server/forms/): its errors and what was
   * typed, or the notice after its redirect. For that one request only: such a page is never cached.
   */
  nativeForm?: NativeFormState;
  /** The server answered 404 for this address: the client shows the not-found page there, whatever route it matches. */
  notFound?: true;
  /**
   * An account or admin screen only: the answers to the queries its first render asked for, by
   * query key, as the user who asked (src/client/entry-server.tsx). Personal: such a page is
   * never cached.
   */
  queries?: [key: readonly unknown[], data: unknown][];
}
