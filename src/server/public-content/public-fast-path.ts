/**
 * The fast path of public reads: a GET the public snapshot answers (a procedure whose meta has
 * `publicSnapshot`, on its `openapi` path: a widget by name, a visible gallery, the public gallery
 * list, a testimonials page, the shop's details) or a public page's HTML is answered by the HTTP
 * server itself, before Fastify sees the request (no routing, hooks, session lookup or REST
 * adapter), with the app's security headers (plugins/security-headers.ts). The JSON bytes are
 * the procedure's own (its output schema's parse, then JSON.stringify), prepared once per
 * snapshot version with a strong ETag and 304 for If-None-Match.
 * Anything the snapshot cannot answer (bad input, an id, a hidden or unknown gallery, an admin's
 * listing, a sign-in screen) goes on to the normal route, so the contract's 404, 422, 401 and 403
 * are unchanged. The answers are the same for every visitor, signed in or not.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { isStaticPath } from '#server/static-paths.ts';
import { asksForPreview } from '#shared/preview.ts';
import { FORM_NOTICE_COOKIE, resetLinkToken } from '#shared/native-forms.ts';
import type { PublicSnapshotStore } from './public-snapshot.ts';
import type { PreparedJson, SnapshotAnswers } from './snapshot-routes.ts';
import type { RenderedPage } from './page-shell.ts';

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
  securityHeaders: Readonly<Record<string, string>>,
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

/** Writes an answer straight to Node's response: one writeHead with headers built once, one end. */
function sendRaw(response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body?: string | Buffer): void {
  response.writeHead(status, headers);
  response.end(body);
}

function acceptedEncoding(request: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return undefined;
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

function sendPrepared(request: IncomingMessage, response: ServerResponse, answers: JsonAnswers, etag: string): void {
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return sendRaw(response, 304, answers.notModified);
  const encoding = answers.size < COMPRESS_THRESHOLD ? undefined : acceptedEncoding(request);
  const answer =
    encoding === 'br'
      ? (answers.brotli ??= compressedAnswer(answers.plain, 'br'))
      : encoding === 'gzip'
        ? (answers.gzip ??= compressedAnswer(answers.plain, 'gzip'))
        : answers.plain;
  sendRaw(response, 200, answer.headers, answer.body);
}

/** A rendered page's ways of being sent (plain, brotli, gzip), headers included, built the first time each is asked for. */
type PageAnswers = Partial<Record<'plain' | 'br' | 'gzip', RawAnswer>>;

/** A server-rendered page (page-shell.ts), compressed once when it was rendered. */
function sendRenderedPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: RenderedPage,
  securityHeaders: Readonly<Record<string, string>>,
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
  sendRaw(response, page.status, answer.headers, answer.body);
}

/** The route each fast page answer counts under in /metrics (a REST answer counts under its own path). */
export const PUBLIC_PAGE_ROUTE = '(public page)';

/**
 * How many requests the fast path answered, by "route status" (`/api/shop 200`): a plain counter
 * per answer, which /metrics (metrics/) reads when scraped, so the fast path stays as cheap as it is.
 */
export type PublicReadCounts = Map<string, number>;

declare module 'fastify' {
  interface FastifyInstance {
    publicReadCounts: PublicReadCounts;
  }
}

/** Answers a request when it is a public read the snapshot holds (true), or leaves it to Fastify (false). */
export type PublicReadAnswerer = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

export interface PublicReadFastPathOptions {
  store: Pick<PublicSnapshotStore, 'current'>;
  /** The public GETs the procedures' meta declares (snapshot-routes.ts). */
  answers: SnapshotAnswers;
  /** A public page rendered from the snapshot (page-shell.ts), or undefined (no built client). */
  publicPage: ((url: string) => Promise<RenderedPage | undefined>) | undefined;
  securityHeaders: Readonly<Record<string, string>>;
  log: FastifyBaseLogger;
  /** Where the answers are counted for /metrics. */
  counts: PublicReadCounts;
}

/**
 * The fast path's answerer. The answers skip Fastify: through it (even hijacked in the first
 * onRequest hook), routing, the request and reply objects, the hook runners and a child logger
 * per request cost more than the answer (docs/decisions/public-content-snapshot.md). The request
 * is still logged, one line as the RequestLogController writes it.
 */
export function createPublicReadFastPath(options: PublicReadFastPathOptions): PublicReadAnswerer {
  const { store, answers, publicPage, securityHeaders, log, counts } = options;
  const answersCache = new WeakMap<PreparedJson, JsonAnswers>();
  const pageAnswersCache = new WeakMap<RenderedPage, PageAnswers>();
  let answered = 0;
  const logAnswer = (request: IncomingMessage, route: string, status: number, started: number) => {
    const key = `${route} ${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    log.info(
      { reqId: `fast-${++answered}`, method: request.method, url: request.url, status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };

  return (request, response) => {
    const url = request.url ?? '/';
    if (request.method !== 'GET') return false;
    const started = performance.now();
    if (url.startsWith('/api/')) {
      const snapshot = store.current();
      const answer = snapshot && answers.forUrl(snapshot, url);
      if (!answer) return false;
      sendPrepared(request, response, jsonAnswers(answer, securityHeaders, answersCache), answer.etag);
      logAnswer(request, answer.route, response.statusCode, started);
      return true;
    }
    // A public page (page-shell.ts), the same for every visitor; anything else (files,
    // sign-in screens, unknown paths) takes the normal route.
    // An admin's preview of the drafts is made per request on the normal route (plugins/pages.ts).
    // A notice after a form posted without JavaScript (forms/form-notices.ts) is shown by a page made for that request.
    // So is a reset link's page, which carries its token in the form.
    if (
      !publicPage ||
      isStaticPath(url) ||
      asksForPreview(url) ||
      request.headers.cookie?.includes(`${FORM_NOTICE_COOKIE}=`) ||
      resetLinkToken(url.split('?')[0] ?? '') !== undefined
    )
      return false;
    return publicPage(url).then((page) => {
      if (!page) return false;
      sendRenderedPage(request, response, page, securityHeaders, pageAnswersCache);
      logAnswer(request, PUBLIC_PAGE_ROUTE, page.status, started);
      return true;
    });
  };
}

/**
 * Fastify's serverFactory with the fast path in front of Fastify's own handler: `answer` is
 * asked first (it is set once the app is built; until then every request goes to Fastify). The
 * server comes from `inner` (main.ts's starting gate) or is made here with the timeouts Fastify
 * would give its own.
 */
export function serverWithPublicReadFastPath(
  answer: () => PublicReadAnswerer | undefined,
  log: () => FastifyBaseLogger | undefined,
  inner: FastifyServerOptions['serverFactory'] | undefined,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, options) => {
    let server: http.Server | undefined;
    const withFastPath: RequestListener = (request, response) => {
      // A server that is closing leaves every request to Fastify, which answers 503 and closes
      // the connection (return503OnClosing), so keep-alive clients let the shutdown finish.
      const answered = (server?.listening && answer()?.(request, response)) || false;
      if (answered === false) return handler(request, response);
      if (answered === true) return;
      answered.then(
        (done) => {
          if (!done) handler(request, response);
        },
        (err: unknown) => {
          // The page could not be rendered from the snapshot: the normal route answers (and logs) it.
          log()?.error({ err, url: request.url }, 'public fast path failed');
          handler(request, response);
        },
      );
    };
    if (inner) return (server = inner(withFastPath, options));
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as {
      [K in 'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout']?: number;
    };
    server = http.createServer(withFastPath);
    server.keepAliveTimeout = keepAliveTimeout ?? 72_000;
    server.requestTimeout = requestTimeout ?? 0;
    server.setTimeout(connectionTimeout ?? 0);
    return server;
  };
}
