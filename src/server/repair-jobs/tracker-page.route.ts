/**
 * GET /track/{token}: the customer's tracker page, rendered by the server for each request from the
 * job the link opens (repair-tracker.service.ts), with its data embedded for the browser to
 * hydrate. Private: noindex (the route table's entry), `Cache-Control: private, no-store` so no
 * shared cache keeps it, and `X-Robots-Tag: noindex`. A link that opens nothing is the 404 page,
 * with no data. Not in the page cache: each request renders (a few milliseconds).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import type { PageShell } from '#server/public-content/page-shell.ts';
import { sendPage } from '#server/public-content/page-reply.ts';
import { findTracker } from './repair-tracker.service.ts';
import { TRACKER_PATH } from './tracker-links.ts';

export function registerTrackerPage(app: FastifyInstance, deps: AppDeps, pageShell: PageShell): void {
  app.get<{ Params: { token: string } }>(`${TRACKER_PATH}/:token`, async (request, reply) => {
    const { token } = request.params;
    const tracker = await findTracker(deps, token);
    const pathname = `${TRACKER_PATH}/${token}`;
    const snapshot = deps.publicContent.current();
    const page = tracker
      ? await pageShell.renderPrivatePage(pathname, snapshot, { repairTracker: { token, tracker } })
      : // The section's not-found page (an address under /track that no screen matches: status 404).
        await pageShell.render(`${TRACKER_PATH}/-/not-found`, snapshot);
    void reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, page, 'private, no-store');
  });
}
