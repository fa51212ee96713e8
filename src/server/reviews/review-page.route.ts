/**
 * GET /review/{token}: the review request's page, rendered by the server for each request (a
 * `private` screen, as the tracker: repair-jobs/tracker-page.route.ts): noindex, `Cache-Control:
 * private, no-store`. A used or made-up link is the 404 page.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import type { PageShell } from '#server/public-content/page-shell.ts';
import { sendPage } from '#server/public-content/page-reply.ts';
import { findReviewPage } from './reviews.service.ts';
import { REVIEW_PATH } from './review-links.ts';

export function registerReviewPage(app: FastifyInstance, deps: AppDeps, pageShell: PageShell): void {
  app.get<{ Params: { token: string } }>(`${REVIEW_PATH}/:token`, async (request, reply) => {
    const { token } = request.params;
    const page = await findReviewPage(deps, token);
    const snapshot = deps.publicContent.current();
    const rendered = page
      ? await pageShell.renderPrivatePage(`${REVIEW_PATH}/${token}`, snapshot, { reviewPage: { token, page } })
      : await pageShell.render(`${REVIEW_PATH}/-/not-found`, snapshot);
    void reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, rendered, 'private, no-store');
  });
}
