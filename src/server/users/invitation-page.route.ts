/**
 * GET /accept-invitation/{token}: the staff invitation's page, rendered by the server for each
 * request (a `private` screen, as the review request's: reviews/review-page.route.ts) with what
 * the link opens (who invited, the role, the address) or why it no longer works, so its password
 * form works before the script runs (the native post: forms/native-forms.plugin.ts). noindex,
 * `Cache-Control: private, no-store`. A used, revoked or expired link is the page with its message,
 * never the 404 page: the person needs to know to ask for a new one.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import type { PageShell, RenderedPage } from '#server/public-content/page-shell.ts';
import { sendPage } from '#server/public-content/page-reply.ts';
import type { NativeFormState } from '#shared/native-forms.ts';
import { readInvitation } from './staff-invitations.service.ts';
import { INVITATION_PATH } from './invitation-links.ts';

/** The page for `token`, with a native post's answer when there is one. */
export async function renderInvitationPage(
  deps: AppDeps,
  pageShell: PageShell,
  token: string,
  ip: string | null,
  nativeForm?: NativeFormState,
): Promise<RenderedPage> {
  const invitation = await readInvitation(deps, token, ip);
  return pageShell.renderPrivatePage(`${INVITATION_PATH}/${encodeURIComponent(token)}`, deps.publicContent.current(), {
    staffInvitation: { token, invitation },
    ...(nativeForm ? { nativeForm } : {}),
  });
}

export function registerInvitationPage(app: FastifyInstance, deps: AppDeps, pageShell: PageShell): void {
  app.get<{ Params: { token: string } }>(`${INVITATION_PATH}/:token`, async (request, reply) => {
    const rendered = await renderInvitationPage(deps, pageShell, request.params.token.slice(0, 200), request.ip ?? null);
    void reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, rendered, 'private, no-store');
  });
}
