/**
 * The fast path of public reads: a GET for a widget by name, a visible gallery, the public gallery
 * list, a testimonials page, the shop's details or a public page's HTML is answered from the
 * snapshot in the first onRequest hook, before the session lookup, the router and the REST
 * adapter, with the security headers learnt from helmet (registerPublicReadFastPath says why).
 * The JSON bytes are prepared once per snapshot version (public-snapshot.ts), with a strong ETag
 * and 304 for If-None-Match.
 * Anything the snapshot cannot answer (bad input, an id, a hidden or unknown gallery, an admin's
 * listing, a sign-in screen) goes on to the normal route, so the contract's 404, 422, 401 and 403
 * are unchanged. The answers are the same for every visitor, signed in or not.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { isStaticPath } from '#server/static-paths.ts';
import type { PreparedJson } from './public-snapshot.ts';
import type { RenderedPage } from './page-shell.ts';

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
  if (path === '/api/shop') return { procedurePath: 'shop.get', input: query };
  return undefined;
}

/** One way of sending an answer: its headers (security headers included) and its body, built once. */
interface RawAnswer {
  headers: OutgoingHttpHeaders;
  /** A string when uncompressed: Node then writes the head and the body in one piece, as for a bare route. */
  body: string | Buffer;
}

/** A prepared JSON answer's ways of being sent, built the first time each is asked for (per snapshot version). */
interface JsonAnswers {
  plain: RawAnswer;
  /** The plain body's length in bytes. */
  size: number;
  brotli?: RawAnswer;
  gzip?: RawAnswer;
  notModified: OutgoingHttpHeaders;
}

/** Below this, compressing saves less than it costs (the threshold @fastify/compress has on the normal route). */
const COMPRESS_THRESHOLD = 1024;

function jsonAnswers(
  prepared: PreparedJson,
  securityHeaders: Record<string, string>,
  cache: WeakMap<PreparedJson, JsonAnswers>,
): JsonAnswers {
  let answers = cache.get(prepared);
  if (!answers) {
    // Browsers and CDNs may keep the answer but must revalidate it each time.
    const common = { ...securityHeaders, etag: prepared.etag, 'cache-control': 'public, max-age=0, must-revalidate' };
    const size = Buffer.byteLength(prepared.body);
    const plain = { ...common, 'content-type': 'application/json; charset=utf-8', 'content-length': size, vary: 'Accept-Encoding' };
    answers = { plain: { headers: plain, body: prepared.body }, size, notModified: common };
    cache.set(prepared, answers);
  }
  return answers;
}

function compressedAnswer(plain: RawAnswer, encoding: 'br' | 'gzip'): RawAnswer {
  const body = encoding === 'br' ? zlib.brotliCompressSync(plain.body) : zlib.gzipSync(plain.body);
  return { headers: { ...plain.headers, 'content-length': body.length, 'content-encoding': encoding }, body };
}

/**
 * Writes an answer straight to Node's response (reply.hijack: no onSend hook, no serialiser, no
 * header bookkeeping). Through reply.send, Fastify's generic path cost more than the answer itself
 * (docs/decisions/public-content-snapshot.md). Fastify still logs the request when it finishes.
 */
function sendRaw(reply: FastifyReply, status: number, headers: OutgoingHttpHeaders, body?: string | Buffer): void {
  reply.hijack();
  reply.raw.writeHead(status, headers);
  reply.raw.end(body);
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return undefined;
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

function sendPrepared(request: FastifyRequest, reply: FastifyReply, answers: JsonAnswers, etag: string): void {
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return sendRaw(reply, 304, answers.notModified);
  const encoding = answers.size < COMPRESS_THRESHOLD ? undefined : acceptedEncoding(request);
  const answer =
    encoding === 'br'
      ? (answers.brotli ??= compressedAnswer(answers.plain, 'br'))
      : encoding === 'gzip'
        ? (answers.gzip ??= compressedAnswer(answers.plain, 'gzip'))
        : answers.plain;
  sendRaw(reply, 200, answer.headers, answer.body);
}

/** A rendered page's ways of being sent (plain, brotli, gzip), headers included, built the first time each is asked for. */
type PageAnswers = Partial<Record<'plain' | 'br' | 'gzip', RawAnswer>>;

/** A server-rendered page (page-shell.ts), compressed once when it was rendered. */
function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  securityHeaders: Record<string, string>,
  cache: WeakMap<RenderedPage, PageAnswers>,
): void {
  const encoding = acceptedEncoding(request);
  let answers = cache.get(page);
  if (!answers) cache.set(page, (answers = {}));
  const answer = (answers[encoding ?? 'plain'] ??= (() => {
    const body = encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.bytes;
    const headers: OutgoingHttpHeaders = {
      ...securityHeaders,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
    };
    if (encoding) headers['content-encoding'] = encoding;
    return { headers, body };
  })());
  sendRaw(reply, page.status, answer.headers, answer.body);
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
  const answersCache = new WeakMap<PreparedJson, JsonAnswers>();
  const pageAnswersCache = new WeakMap<RenderedPage, PageAnswers>();
  app.addHook('onRequest', async (request, reply) => {
    if (!securityHeaders || request.method !== 'GET') return;
    if (request.url.startsWith('/api/')) {
      const read = matchPublicRead(request.url);
      const prepared = read && deps.publicContent.current()?.restAnswer(read.procedurePath, read.input);
      if (prepared) return sendPrepared(request, reply, jsonAnswers(prepared, securityHeaders, answersCache), prepared.etag);
      return;
    }
    // A public page (page-shell.ts), the same for every visitor; anything else (files,
    // sign-in screens, unknown paths) takes the normal route.
    const page = isStaticPath(request.url) ? undefined : await publicPage?.(request.url);
    if (page) return sendRenderedPage(request, reply, page, securityHeaders, pageAnswersCache);
  });
  return registerSecurityHeaders().then(() => {
    app.addHook('onRequest', async (_request, reply) => {
      securityHeaders ??= Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]));
    });
  });
}
