// The whole API: one router per area. Their procedures carry the REST paths in their meta.
import { router } from './trpc.ts';
import { sessionRouter } from './account/session.router.ts';
import { twoFactorRouter } from './two-factor/two-factor.router.ts';
import { widgetsRouter } from './widgets/widgets.router.ts';
import { galleriesRouter } from './galleries/galleries.router.ts';
import { testimonialsRouter } from './testimonials/testimonials.router.ts';
import { usersRouter } from './users/users.router.ts';
import { shopRouter } from './shop/shop.router.ts';
import { quotesRouter } from './quotes/quotes.router.ts';
import { outgoingMailRouter } from './mail/outgoing-mail.router.ts';
import type { UploadRoute } from './rest/upload.route.ts';
import { sessionUploadRoutes } from './account/session.uploads.ts';
import { widgetUploadRoutes } from './widgets/widgets.uploads.ts';
import { galleryUploadRoutes } from './galleries/galleries.uploads.ts';
import { quoteUploadRoutes } from './quotes/quotes.uploads.ts';

export const appRouter = router({
  session: sessionRouter,
  twoFactor: twoFactorRouter,
  widgets: widgetsRouter,
  galleries: galleriesRouter,
  testimonials: testimonialsRouter,
  users: usersRouter,
  shop: shopRouter,
  quotes: quotesRouter,
  outgoingMail: outgoingMailRouter,
});

export type AppRouter = typeof appRouter;

/** The multipart paths (CV, widget image, gallery images and cover); each area adds its own. */
export const uploadRoutes: UploadRoute[] = [...sessionUploadRoutes, ...widgetUploadRoutes, ...galleryUploadRoutes, ...quoteUploadRoutes];
