/**
 * GET /estimate/{token}: the customer's estimate page, rendered by the server for each request (a
 * `private` screen, as the tracker: repair-jobs/tracker-page.route.ts): noindex, `Cache-Control:
 * private, no-store`. A link that opens nothing is the 404 page.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import type { PageShell } from '#server/public-content/page-shell.ts';
import { sendPage } from '#server/public-content/page-reply.ts';
import { findCustomerEstimate } from './estimate-answers.service.ts';
import { ESTIMATE_PATH } from './estimate-mail.ts';

export function registerEstimatePage(app: FastifyInstance, deps: AppDeps, pageShell: PageShell): void {
  app.get<{ Params: { token: string } }>(`${ESTIMATE_PATH}/:token`, async (request, reply) => {
    const { token } = request.params;
    const estimate = await findCustomerEstimate(deps, token);
    const snapshot = deps.publicContent.current();
    const rendered = estimate
      ? await pageShell.renderPrivatePage(`${ESTIMATE_PATH}/${token}`, snapshot, { estimatePage: { token, estimate } })
      : await pageShell.render(`${ESTIMATE_PATH}/-/not-found`, snapshot);
    void reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, rendered, 'private, no-store');
  });
}
