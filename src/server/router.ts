// The whole API: one router per area. Their procedures carry the REST paths in their meta, and
// the file parts they take (meta.upload, uploads.ts).
import { router } from './trpc.ts';
import { sessionRouter } from './account/session.router.ts';
import { twoFactorRouter } from './two-factor/two-factor.router.ts';
import { passkeysRouter } from './account/passkeys.router.ts';
import { widgetsRouter } from './widgets/widgets.router.ts';
import { galleriesRouter } from './galleries/galleries.router.ts';
import { testimonialsRouter } from './testimonials/testimonials.router.ts';
import { usersRouter } from './users/users.router.ts';
import { shopRouter } from './shop/shop.router.ts';
import { quotesRouter } from './quotes/quotes.router.ts';
import { systemRouter } from './system/system.router.ts';
import { listUploadPaths } from './rest/rest-plugin.ts';
import { outgoingMailRouter } from './mail/outgoing-mail.router.ts';
import { bookingsRouter } from './bookings/bookings.router.ts';
import { repairJobsRouter } from './repair-jobs/repair-jobs.router.ts';
import { reviewsRouter } from './reviews/reviews.router.ts';
import { activityRouter } from './activity/activity.router.ts';
import { binRouter } from './bin/bin.router.ts';
import { dashboardRouter } from './dashboard/dashboard.router.ts';
import { versionsRouter } from './versions/versions.router.ts';
import { threadsRouter } from './threads/threads.router.ts';
import { notificationsRouter } from './notifications/notifications.router.ts';
import { estimatesRouter } from './estimates/estimates.router.ts';
import { insuranceRouter } from './insurance/insurance.router.ts';
import { invoicesRouter } from './invoices/invoices.router.ts';
import { paymentsRouter } from './payments/payments.router.ts';

export const appRouter = router({
  session: sessionRouter,
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
  widgets: widgetsRouter,
  galleries: galleriesRouter,
  testimonials: testimonialsRouter,
  users: usersRouter,
  shop: shopRouter,
  quotes: quotesRouter,
  system: systemRouter,
  outgoingMail: outgoingMailRouter,
  bookings: bookingsRouter,
  repairJobs: repairJobsRouter,
  reviews: reviewsRouter,
  activity: activityRouter,
  bin: binRouter,
  dashboard: dashboardRouter,
  versions: versionsRouter,
  threads: threadsRouter,
  notifications: notificationsRouter,
  estimates: estimatesRouter,
  insurance: insuranceRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
});

export type AppRouter = typeof appRouter;

/** The multipart paths with files (CV, widget image, gallery images and cover, quote photos): the procedures whose meta declares an upload. */
export const uploadRoutes = listUploadPaths(appRouter);
