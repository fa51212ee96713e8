/**
 * The HTML every page starts from: the built client's index.html with the page's own head
 * (page-head.ts, from the route table in src/shared/screens.ts) and the right status: 404 for an
 * unknown path or a gallery a visitor may not see. A public page's body (and the not-found page's) is rendered by React on the
 * server (src/client/entry-server.tsx, built into dist/ssr) from the content embedded beside it,
 * which the browser hydrates. Made once per snapshot version and path, so it costs about what a
 * static file does: the not-found page once per section (not per address), the sign-in screens once
 * each, as shells. Account and admin screens stay an empty shell the client renders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/env.ts';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import { pageHeadFor, renderHead, type PageHead } from './page-head.ts';
import { initialDataFor } from './page-data.ts';
import type { PublicSnapshot } from './public-snapshot.ts';

/** src/client/entry-server.tsx's renderPage: the HTML inside `<div id="root">`, and the part of the data the page read. */
export type RenderPage = (pathname: string, data: InitialData | undefined) => Promise<{ html: string; data: InitialData | undefined }>;

export interface RenderedPage {
  status: number;
  html: string;
  /** The HTML encoded once: writing a string to the socket encodes it again on every request. */
  bytes: Buffer;
  /** The HTML compressed once, for browsers that accept it (sendPage). */
  brotli: Buffer;
  gzip: Buffer;
  /** Indexable (a public page), or not (a sign-in shell, a not-found page, an empty shell). */
  isPublic: boolean;
  /** The same HTML for every visitor at every address it serves: the fast path may answer it (public-read.route.ts). */
  isShared: boolean;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Sends a page in the best encoding the browser accepts. The fast path answers before the
 * compression plugin would see the reply, and a page is made once but sent many times, so it is
 * compressed once, when made.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.bytes);
}

/**
 * React puts a preload for each high-priority image at the top of what it renders; in the head
 * the browser finds them before anything else (the LCP picture of the page), and the root then
 * holds exactly the tree the browser hydrates.
 */
function splitPreloads(body: string): { preloads: string; tree: string } {
  const match = /^(?:<link rel="preload"[^>]*\/>)+/.exec(body);
  return match ? { preloads: match[0], tree: body.slice(match[0].length) } : { preloads: '', tree: body };
}

/** The built index.html, read once, with a slot for each page's head and body. */
export class PageShell {
  private readonly before: string;
  private readonly after: string;
  private cache = new Map<string, Promise<RenderedPage>>();
  private cachedVersion: number | undefined;

  constructor(
    clientDir: string,
    private readonly config: Pick<AppConfig, 'appUrl'>,
    private readonly renderPage: RenderPage | undefined,
    private readonly log?: { error(details: object, message: string): void },
  ) {
    const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, '<!--page-head-->');
    const [before, after] = template.split('<!--page-head-->');
    if (after === undefined) throw new Error('dist/client/index.html has no <title> to replace');
    this.before = before!;
    this.after = after;
    if (!this.after.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no <div id="root"></div>');
  }

  /** A page the server renders (200: public pages, sign-in shells), or undefined for anything else: account and admin screens, 404s. */
  async renderPublicPage(url: string, snapshot: PublicSnapshot | undefined): Promise<RenderedPage | undefined> {
    const pathname = url.split('?')[0] ?? '/';
    const page = await this.render(pathname, snapshot);
    return page.status === 200 && page.isShared ? page : undefined;
  }

  /**
   * The page's HTML and status; cached per snapshot version and key (page-head.ts): a public page
   * by its path, any other screen by its id, an unknown address by its section, so the cache is
   * bounded by the route table and an unknown address costs what a known page does. One render
   * per page even when many requests ask for it at once.
   */
  render(pathname: string, snapshot: PublicSnapshot | undefined): Promise<RenderedPage> {
    if (this.cachedVersion !== snapshot?.version) {
      this.cache = new Map();
      this.cachedVersion = snapshot?.version;
    }
    const head = pageHeadFor(pathname, snapshot);
    let page = this.cache.get(head.key);
    if (!page) {
      page = this.build(head, snapshot);
      this.cache.set(head.key, page);
    }
    return page;
  }

  private async build(head: PageHead, snapshot: PublicSnapshot | undefined): Promise<RenderedPage> {
    const data = initialDataFor(head, snapshot);
    const isPublic = head.canonicalPath !== undefined;
    // Public pages, the sign-in shells and the not-found pages are complete in their first HTML;
    // the account and admin screens depend on who asks, so the client renders them.
    const rendered = head.renderPath !== undefined ? await this.renderSafely(head.renderPath, data) : undefined;
    const { preloads, tree } = splitPreloads(rendered?.html ?? '');
    // What the rendered page read (all of it when the client renders the page itself). JSON in a
    // non-script block: "<" escaped so no text can close the element.
    const embedded = rendered ? rendered.data : data;
    const dataBlock = embedded
      ? `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${JSON.stringify(embedded).replace(/</g, '\\u003c')}</script>`
      : '';
    const after = this.after.replace('<div id="root"></div>', `<div id="root">${tree}</div>\n    ${dataBlock}`);
    const html = this.before + renderHead(head, this.config.appUrl, snapshot?.content.shop) + (preloads ? `\n    ${preloads}` : '') + after;
    const [brotliBytes, gzipBytes] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(html, { level: 9 }),
    ]);
    const isShared = isPublic || head.match?.screen.shell === true;
    return { status: head.status, html, bytes: Buffer.from(html), brotli: brotliBytes, gzip: gzipBytes, isPublic, isShared };
  }

  /** A page the server cannot render is still a working page: the client renders it, as it does the sign-in screens. */
  private async renderSafely(pathname: string, data: InitialData | undefined): Promise<Awaited<ReturnType<RenderPage>> | undefined> {
    if (!this.renderPage) return undefined;
    try {
      return await this.renderPage(pathname, data);
    } catch (err) {
      this.log?.error({ err, pathname }, 'server rendering failed; the page is sent for the client to render');
      return undefined;
    }
  }
}
