// Sending a page's HTML: a page made once for everyone in the encoding the browser accepts, a
// page made for who asked compressed per request.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage } from './page-shell.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends a page in the best encoding the browser accepts. The fast path answers before the
 * compression plugin would see the reply, and a page is made once but sent many times, so it is
 * compressed once, when made.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  cacheControl: 'no-cache' | 'private, no-store' = 'no-cache',
): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply.code(page.status).header('cache-control', cacheControl).header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.bytes);
}

/**
 * Sends an account or admin screen made for who asked (PageShell.renderWithSession). Personal, so
 * never stored by a cache, and compressed per request at a fast level (the page is a few KB).
 */
export async function sendPersonalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; html: string },
  cacheControl: 'no-store' | 'private, no-store' = 'no-store',
): Promise<FastifyReply> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply
    .code(page.status)
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(await brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(page.html, { level: 6 }));
  return reply.send(page.html);
}
