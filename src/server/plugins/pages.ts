/**
 * The built client: its files (hashed bundles cached for a year, the rest revalidated), and every
 * other GET as a page from the page shell with the page's head and status (404 for an unknown
 * path: the client shows its Not-found page). What is not a page (the APIs, /media, another
 * method, or no built client) is a JSON 404. Public pages are usually answered before Fastify
 * (public-content/public-read.route.ts); this is the route for the rest.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from '#server/app-deps.ts';
import { sendPage, type PageShell } from '#server/public-content/page-shell.ts';
import { appLevel } from './app-level.ts';

export interface PagesOptions {
  deps: Pick<AppDeps, 'publicContent'>;
  /** The built client's folder and its page shell; undefined when the client is not built. */
  client: { dir: string; pageShell: PageShell } | undefined;
}

export const pagesPlugin = appLevel('pages', async (app: FastifyInstance, options: PagesOptions) => {
  const { deps, client } = options;
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
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc/') || url.startsWith('/media/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !client) {
      return reply.code(404).type('application/json').send({ message: 'Not Found.' });
    }
    // Any other page is the client's to route, from the shell with the page's head and status
    // (404 for an unknown path: the client shows its Not-found page).
    return sendPage(request, reply, await client.pageShell.render(url, deps.publicContent.current()));
  });
});
