/**
 * The built client: its files (hashed bundles cached for a year, the rest revalidated), and every
 * other GET as a page from the page shell with the page's head and status (404 for an unknown
 * path: the client shows its Not-found page). What is not a page (the APIs, /media, another
 * method, or no built client) is a JSON 404. Public pages are usually answered before Fastify
 * (public-content/public-fast-path.ts); this is the route for the rest.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AnyRouter } from '@trpc/server';
import type { AppDeps } from '#server/app-deps.ts';
import { createRequestContext, type RequestContext } from '#server/context.ts';
import { getCurrentUser } from '#server/account/profile.service.ts';
import { AppError } from '#server/errors.ts';
import type { LoadQuery, PageShell } from '#server/public-content/page-shell.ts';
import { sendPage, sendPersonalPage } from '#server/public-content/page-reply.ts';
import { loadPreviewSnapshot } from '#server/versions/preview.service.ts';
import { asksForPreview } from '#shared/preview.ts';
import { takeFormNotice } from '#server/forms/form-notices.ts';
import { resetLinkToken } from '#shared/native-forms.ts';
import { appLevel } from './app-level.ts';
import { isBundlePath, withMapTiles } from './security-headers.ts';
import { mayCall } from '#server/auth/permissions.ts';

export interface PagesOptions {
  deps: AppDeps;
  /** The built client's folder and its page shell; undefined when the client is not built. */
  client: { dir: string; pageShell: PageShell } | undefined;
  /** The procedures an account or admin screen's first render asks for, answered on the server (queryLoader). */
  router?: AnyRouter;
}

/**
 * Answers the queries an account or admin screen asks for as it is rendered on the server: the
 * procedure called as the user who asked, through its own access checks and input schema, as
 * /trpc would. Queries only; anything else is refused (and left to the browser).
 */
export function queryLoader(router: AnyRouter, ctx: RequestContext): LoadQuery {
  const caller = router.createCaller(ctx) as unknown as Record<string, unknown>;
  const procedures = router._def.procedures as Record<string, { _def?: { type?: string } } | undefined>;
  return async (path, input) => {
    if (procedures[path]?._def?.type !== 'query') throw new Error(`${path} is not a query`);
    const call = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller) as (
      input: unknown,
    ) => Promise<unknown>;
    return call(input);
  };
}

export const pagesPlugin = appLevel('pages', async (app: FastifyInstance, options: PagesOptions) => {
  const { deps, client, router } = options;
  if (client) {
    await app.register(fastifyStatic, {
      root: client.dir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build compressed the scripts and stylesheets once, at the highest levels (scripts/build.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite's hashed bundles never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
        else void reply.header('cache-control', 'public, max-age=3600');
      },
    });
    // A hashed bundle is never revalidated (immutable) nor fetched in ranges: its validators and
    // range header are bytes a phone pays on each of a page's twenty bundles, for nothing.
    app.addHook('onSend', async (request, reply) => {
      if (!isBundlePath(request.url)) return;
      void reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc/') || url.startsWith('/media/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !client) {
      return reply.code(404).type('application/json').send({ message: 'Not Found.' });
    }
    // Any other page is the client's to route, from the shell with the page's head and status
    // (404 for an unknown path: the client shows its Not-found page).
    // An admin page may show map tiles (the shop form's pin).
    if (url === '/admin' || url.startsWith('/admin/')) {
      const policy = reply.raw.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', withMapTiles(policy));
    }
    const snapshot = deps.publicContent.current();
    // An admin's preview of the drafts (src/shared/preview.ts): this request only, never stored or
    // indexed. Anyone else, and a page with no draft to show, gets the published page.
    if (asksForPreview(request.url) && mayCall(request.sessionUser ?? null, 'content') && request.sessionRow) {
      const preview = await loadPreviewSnapshot(deps);
      const page = preview && (await client.pageShell.renderPreview(url, preview));
      if (page) {
        void reply.header('x-robots-tag', 'noindex');
        return sendPersonalPage(request, reply, page, 'private, no-store');
      }
    }
    // The notice after a form posted without JavaScript (forms/form-notices.ts), on the screen it was set for.
    const notice = takeFormNotice(request, reply, url);
    const noticed = notice && (await client.pageShell.renderFormAnswer(url, snapshot, notice));
    if (noticed) return sendPersonalPage(request, reply, noticed);
    // The reset form carries its link's token (and address) as fields, so it works before the
    // script runs: made for this request, never the shell every visitor shares.
    const token = resetLinkToken(url);
    if (token !== undefined) {
      const email = new URL(request.url, 'http://site').searchParams.get('email') ?? '';
      const state = { form: 'resetPassword' as const, values: { token, email }, fieldErrors: {} };
      const page = await client.pageShell.renderFormAnswer(url, snapshot, state);
      if (page) return sendPersonalPage(request, reply, page);
    }
    const page = await client.pageShell.render(url, snapshot);
    if (!page.rendersInBrowser) return sendPage(request, reply, page);
    // An account or admin screen: with who asked in it, so it renders without asking first. When
    // the database cannot say, the page goes without, and the browser asks as before.
    const answer = request.sessionUser
      ? await getCurrentUser(deps, request.sessionUser.id).catch((err: unknown) =>
          err instanceof AppError && err.code === 'UNAUTHENTICATED' ? { data: null } : undefined,
        )
      : { data: null };
    if (!answer) return sendPage(request, reply, page);
    const loadQuery = router && queryLoader(router, createRequestContext(deps, request, reply));
    return sendPersonalPage(request, reply, await client.pageShell.renderWithSession(request.url, snapshot, answer, loadQuery));
  });
});
