/**
 * The code of each screen of the route table (src/shared/screens.ts), by its id. TypeScript makes
 * the map complete: a new entry in the table fails the typecheck until its line is here
 * (docs/decisions/one-route-table.md). The Not-found page is in the first download; every screen
 * is a chunk of its own (Home too: its carousels are no other page's download), so a visitor of a
 * page downloads only what that page needs (at most 100 KB compressed, `npm run bench:lighthouse`).
 */
import { createElement, lazy, type ComponentType } from 'react';
import { matchScreen, type ScreenId } from '#shared/screens.ts';
import { useSession } from '#client/lib/session.tsx';

/** What a screen receives: its path's parameters (`/galleries/:id` → `id`), as strings. */
export type ScreenParams = Record<string, string>;

/** A screen in its own chunk: React.lazy, plus preload() so a page the server rendered has its code before the browser takes it over. */
export type LazyScreen = ComponentType<ScreenParams> & { preload(): Promise<void> };

/**
 * React.lazy that renders at once once loaded: React.lazy itself suspends on its first render even
 * when the code is there. Hydrating a server-rendered page must not suspend, or an update above it
 * (the session probe) would make React throw the server's HTML away; and a screen the browser
 * renders would flash a spinner it then replaces (a layout shift).
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload(): Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = async () => (loaded ??= await load());
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  const Component = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy as unknown as ComponentType<P>, props));
  return Object.assign(Component, { preload: async () => void (await loadOnce()) });
}

function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen {
  return preloadableLazy(load as unknown as () => Promise<ComponentType<ScreenParams>>);
}

/**
 * The quote form starts prefilled for a signed-in customer (its initial state reads the session).
 * The server renders it for a visitor and the browser hydrates it so; the signed-in user arrives
 * a moment later, and the form then starts again, prefilled (nothing is typed by then).
 */
const prefilledForUser = (Screen: ComponentType) =>
  function PrefilledForUser(params: ScreenParams) {
    const { user } = useSession();
    return createElement(Screen, { ...params, key: user ? `user-${user.id}` : 'visitor' });
  };

/** The admin's edit screens take the id as a number. */
const byId = (Screen: ComponentType<{ id: number }>) => (params: ScreenParams) => createElement(Screen, { id: Number(params.id) });

export const SCREEN_COMPONENTS: Record<ScreenId, LazyScreen> = {
  home: lazyScreen(async () => (await import('#client/pages/home/home-page.tsx')).HomePage),
  about: lazyScreen(async () => (await import('#client/pages/about/about-page.tsx')).AboutPage),
  services: lazyScreen(async () => (await import('#client/pages/services/services-page.tsx')).ServicesPage),
  galleries: lazyScreen(async () => (await import('#client/pages/galleries/galleries-page.tsx')).GalleriesPage),
  gallery: lazyScreen(async () => (await import('#client/pages/galleries/gallery-page.tsx')).GalleryPage),
  contact: lazyScreen(async () => (await import('#client/pages/contact/contact-page.tsx')).ContactPage),
  quote: lazyScreen(async () => prefilledForUser((await import('#client/pages/quote/quote-page.tsx')).QuotePage)),
  book: lazyScreen(async () => prefilledForUser((await import('#client/pages/book/book-page.tsx')).BookPage)),
  bookManage: lazyScreen(async () => {
    const { ManageBookingPage } = await import('#client/pages/book/manage-page.tsx');
    return (params: ScreenParams) => createElement(ManageBookingPage, { token: params.token ?? '' });
  }),
  terms: lazyScreen(async () => (await import('#client/pages/legal/legal-pages.tsx')).TermsPage),
  privacy: lazyScreen(async () => (await import('#client/pages/legal/legal-pages.tsx')).PrivacyPage),

  register: lazyScreen(async () => (await import('#client/pages/auth/register-page.tsx')).RegisterPage),
  login: lazyScreen(async () => (await import('#client/pages/auth/login-page.tsx')).LoginPage),
  twoFactorChallenge: lazyScreen(async () => (await import('#client/pages/auth/two-factor-challenge-page.tsx')).TwoFactorChallengePage),
  forgotPassword: lazyScreen(async () => (await import('#client/pages/auth/forgot-password-page.tsx')).ForgotPasswordPage),
  resetPassword: lazyScreen(async () => (await import('#client/pages/auth/reset-password-page.tsx')).ResetPasswordPage),
  verifyEmail: lazyScreen(async () => (await import('#client/pages/auth/verify-email-page.tsx')).VerifyEmailPage),
  thisWasntMe: lazyScreen(async () => (await import('#client/pages/auth/this-wasnt-me-page.tsx')).ThisWasntMePage),
  confirmPassword: lazyScreen(async () => (await import('#client/pages/auth/confirm-password-page.tsx')).ConfirmPasswordPage),

  accountDashboard: lazyScreen(async () => (await import('#client/pages/account/dashboard-page.tsx')).DashboardPage),
  accountProfile: lazyScreen(async () => (await import('#client/pages/account/profile-page.tsx')).ProfilePage),
  accountPassword: lazyScreen(async () => (await import('#client/pages/account/change-password-page.tsx')).ChangePasswordPage),
  accountTwoFactor: lazyScreen(async () => (await import('#client/pages/account/two-factor-page.tsx')).TwoFactorPage),
  accountSessions: lazyScreen(async () => (await import('#client/pages/account/sessions-page.tsx')).SessionsPage),
  accountSecurity: lazyScreen(async () => (await import('#client/pages/account/security-page.tsx')).SecurityPage),
  accountQuotes: lazyScreen(async () => (await import('#client/pages/account/quotes-page.tsx')).QuotesPage),
  accountBookings: lazyScreen(async () => (await import('#client/pages/account/bookings-page.tsx')).BookingsPage),
  accountRepairs: lazyScreen(async () => (await import('#client/pages/account/repairs-page.tsx')).RepairsPage),
  acceptInvitation: lazyScreen(async () => {
    const { AcceptInvitationPage } = await import('#client/pages/auth/accept-invitation-page.tsx');
    return (params: ScreenParams) => createElement(AcceptInvitationPage, { token: params.token ?? '' });
  }),
  reviewRequest: lazyScreen(async () => {
    const { ReviewPage } = await import('#client/pages/review/review-page.tsx');
    return (params: ScreenParams) => createElement(ReviewPage, { token: params.token ?? '' });
  }),
  customerEstimate: lazyScreen(async () => {
    const { EstimatePage } = await import('#client/pages/estimate/estimate-page.tsx');
    return (params: ScreenParams) => createElement(EstimatePage, { token: params.token ?? '' });
  }),
  adminFeedback: lazyScreen(async () => (await import('#client/pages/admin/feedback/feedback-page.tsx')).FeedbackPage),
  repairTracker: lazyScreen(async () => {
    const { TrackerPage } = await import('#client/pages/track/tracker-page.tsx');
    return (params: ScreenParams) => createElement(TrackerPage, { token: params.token ?? '' });
  }),

  adminDashboard: lazyScreen(async () => (await import('#client/pages/admin/dashboard-page.tsx')).DashboardPage),
  adminUsers: lazyScreen(async () => (await import('#client/pages/admin/users/users-list-page.tsx')).UsersListPage),
  adminUser: lazyScreen(async () => byId((await import('#client/pages/admin/users/user-edit-page.tsx')).UserEditPage)),
  adminTestimonials: lazyScreen(async () => (await import('#client/pages/admin/testimonials/testimonials-page.tsx')).TestimonialsPage),
  adminWidgets: lazyScreen(async () => (await import('#client/pages/admin/widgets/widgets-page.tsx')).WidgetsPage),
  adminWidget: lazyScreen(async () => byId((await import('#client/pages/admin/widgets/widget-edit-page.tsx')).WidgetEditPage)),
  adminGalleries: lazyScreen(async () => (await import('#client/pages/admin/galleries/galleries-page.tsx')).GalleriesPage),
  // @dnd-kit and the drop zone are needed on this one page only.
  adminGallery: lazyScreen(async () => byId((await import('#client/pages/admin/galleries/gallery-edit-page.tsx')).default)),
  adminShop: lazyScreen(async () => (await import('#client/pages/admin/shop/shop-details-page.tsx')).ShopDetailsPage),
  adminNotifications: lazyScreen(async () => (await import('#client/pages/admin/notifications/notifications-page.tsx')).NotificationsPage),
  adminQuotes: lazyScreen(async () => (await import('#client/pages/admin/quotes/quotes-list-page.tsx')).QuotesListPage),
  adminEstimateSettings: lazyScreen(
    async () => (await import('#client/pages/admin/estimate-settings/estimate-settings-page.tsx')).EstimateSettingsPage,
  ),
  adminQuote: lazyScreen(async () => byId((await import('#client/pages/admin/quotes/quote-detail-page.tsx')).QuoteDetailPage)),
  adminBookings: lazyScreen(async () => (await import('#client/pages/admin/bookings/bookings-calendar-page.tsx')).BookingsCalendarPage),
  adminBooking: lazyScreen(async () => byId((await import('#client/pages/admin/bookings/booking-detail-page.tsx')).BookingDetailPage)),
  adminBookingSetup: lazyScreen(async () => (await import('#client/pages/admin/bookings/booking-setup-page.tsx')).BookingSetupPage),
  // @dnd-kit is needed on the board only.
  adminRepairs: lazyScreen(async () => (await import('#client/pages/admin/repairs/repair-board-page.tsx')).RepairBoardPage),
  adminRepair: lazyScreen(async () => byId((await import('#client/pages/admin/repairs/repair-job-page.tsx')).RepairJobPage)),
  adminRepairStages: lazyScreen(async () => (await import('#client/pages/admin/repairs/repair-stages-page.tsx')).RepairStagesPage),
  adminInsurers: lazyScreen(async () => (await import('#client/pages/admin/insurance/insurers-page.tsx')).InsurersPage),
  adminSystem: lazyScreen(async () => (await import('#client/pages/admin/system/system-page.tsx')).SystemPage),
  adminMail: lazyScreen(async () => (await import('#client/pages/admin/mail/outgoing-mail-page.tsx')).OutgoingMailPage),
  adminActivity: lazyScreen(async () => (await import('#client/pages/admin/activity/activity-page.tsx')).ActivityPage),
  adminBin: lazyScreen(async () => (await import('#client/pages/admin/bin/bin-page.tsx')).BinPage),
};

/** Loads the code of the screen at `pathname` (start.tsx, before the first render or hydration); never fails. */
export function prefetchScreen(pathname: string): Promise<void> {
  const match = matchScreen(pathname);
  return match ? SCREEN_COMPONENTS[match.screen.id].preload().catch(() => undefined) : Promise.resolve();
}
