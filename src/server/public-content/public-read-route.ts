/**
 * The fast path of public reads: a GET for a widget by name, a visible gallery, the public gallery
 * list, a testimonials page or a public page's HTML is answered from the snapshot in the first
 * onRequest hook, before the session lookup, the router and the REST adapter, with the security
 * headers learnt from helmet (registerPublicReadFastPath says why). The JSON bytes are prepared
 * once per snapshot version (public-snapshot.ts), with a strong ETag and 304 for If-None-Match.
 * Anything the snapshot cannot answer (bad input, an id, a hidden or unknown gallery, an admin's
 * listing, a sign-in screen) goes on to the normal route, so the contract's 404, 422, 401 and 403
 * are unchanged. The answers are the same for every visitor, signed in or not.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { isStaticPath } from '#server/static-paths.ts';
import type { PreparedJson } from './public-snapshot.ts';
import { sendPage, type RenderedPage } from './page-shell.ts';

interface PublicRead {
  procedurePath: string;
  input: Record<string, unknown>;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The public read a URL asks for, or undefined (then the normal route answers). */
export function matchPublicRead(url: string): PublicRead | undefined {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(/\/$/, '');
  const query = queryStart === -1 ? {} : Object.fromEntries(new URLSearchParams(url.slice(queryStart + 1)));
  const single = /^\/api\/(widgets|galleries)\/([^/]+)$/.exec(path);
  if (single) {
    const value = decode(single[2]!);
    if (value === undefined || Object.keys(query).length > 0) return undefined;
    return single[1] === 'widgets'
      ? { procedurePath: 'widgets.byKey', input: { x: value } }
      : { procedurePath: 'galleries.get', input: { id: value } };
  }
  if (path === '/api/galleries') return { procedurePath: 'galleries.list', input: query };
  if (path === '/api/testimonials') return { procedurePath: 'testimonials.list', input: query };
  return undefined;
}

function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson, securityHeaders: Record<string, string>) {
  // Browsers and CDNs may keep the answer but must revalidate it each time.
  void reply.headers(securityHeaders).header('etag', prepared.etag).header('cache-control', 'public, max-age=0, must-revalidate');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === prepared.etag)) return reply.code(304).send();
  return reply.code(200).type('application/json').send(prepared.body);
}

/**
 * Registers the fast path around the security headers plugin: `answer` goes before it, and
 * `learnHeaders` right after it. Helmet builds its dozen headers on every request, which cost
 * more than the whole answer; they are the same for every request, so the first request that
 * passes through helmet lends its headers to every fast answer after it (until then, public
 * reads take the normal route).
 */
export function registerPublicReadFastPath(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'publicContent'>,
  publicPage: ((url: string) => Promise<RenderedPage | undefined>) | undefined,
  registerSecurityHeaders: () => Promise<void>,
): Promise<void> {
  let securityHeaders: Record<string, string> | undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (!securityHeaders || request.method !== 'GET') return;
    if (request.url.startsWith('/api/')) {
      const read = matchPublicRead(request.url);
      const prepared = read && deps.publicContent.current()?.restAnswer(read.procedurePath, read.input);
      if (prepared) return sendPrepared(request, reply, prepared, securityHeaders);
      return;
    }
    // A public page (page-shell.ts), the same for every visitor; anything else (files,
    // sign-in screens, unknown paths) takes the normal route.
    const page = isStaticPath(request.url) ? undefined : await publicPage?.(request.url);
    if (page) return sendPage(request, reply.headers(securityHeaders), page);
  });
  return registerSecurityHeaders().then(() => {
    app.addHook('onRequest', async (_request, reply) => {
      securityHeaders ??= Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]));
    });
  });
}
