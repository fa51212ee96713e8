/**
 * The HTML every page starts from: the built client's index.html with the page's own head
 * (page-head.ts, from the route table in src/shared/screens.ts) and the right status: 404 for an
 * unknown path or a gallery a visitor may not see. A public page's body (and the not-found page's) is rendered by React on the
 * server (src/client/entry-server.tsx, built into dist/ssr) from the content embedded beside it,
 * which the browser hydrates. Made once per snapshot version and path, so it costs about what a
 * static file does: the not-found page once per section (not per address), the sign-in screens once
 * each, as shells. Account and admin screens stay an empty shell the client renders. The HTML is
 * put together by page-template.ts and sent by page-reply.ts.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AppConfig } from '#server/config/load-config.ts';
import { SESSION_USER_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import type { NativeFormState } from '#shared/native-forms.ts';
import type { User } from '#shared/schemas/user.ts';
import { pageHeadFor, type PageHead } from './page-head.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { initialDataFor } from './page-data.ts';
import type { PublicSnapshot } from './public-snapshot.ts';
import { jsonBlock, PageTemplate, rendersInBrowserAt } from './page-template.ts';

/** src/client/entry-server.tsx's renderPage: the HTML inside `<div id="root">`, and the part of the data the page read. */
export type RenderPage = (
  pathname: string,
  data: InitialData | undefined,
  session?: { user: User | null; loadQuery?: LoadQuery },
) => Promise<{ html: string; data: InitialData | undefined; queries?: NonNullable<InitialData['queries']> }>;

/** Answers a tRPC query as the user a screen is rendered for (src/client/entry-server.tsx's LoadQuery). */
export type LoadQuery = (path: string, input: unknown) => Promise<unknown>;

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
  /** The same HTML for every visitor at every address it serves: the fast path may answer it (public-fast-path.ts). */
  isShared: boolean;
  /** A screen the browser renders for whoever asks (account, admin): sent with the visitor in it (sendPageWithSession). */
  rendersInBrowser: boolean;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The pages of the built client: which one an address gets, made once per snapshot version or for who asks. */
export class PageShell {
  private readonly template: PageTemplate;
  private cache = new Map<string, Promise<RenderedPage>>();
  private cachedVersion: number | undefined;

  constructor(
    clientDir: string,
    config: Pick<AppConfig, 'appUrl'>,
    private readonly renderPage: RenderPage | undefined,
    private readonly log?: { error(details: object, message: string): void },
  ) {
    this.template = new PageTemplate(clientDir, config);
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

  /**
   * An account or admin screen for the user who asked (`answer`, as session.current gives it),
   * rendered on each request and never cached: its layout, its menu and whatever the screen shows
   * before its data arrives are in the first HTML, with the user and the modulepreloads of its code,
   * so it paints before its JavaScript has run (LCP at most 2.0 s). For nobody, or when
   * the server cannot render it, the empty shell, which the browser renders.
   */
  async renderWithSession(
    url: string,
    snapshot: PublicSnapshot | undefined,
    answer: { data: User | null },
    loadQuery?: LoadQuery,
  ): Promise<{ status: number; html: string }> {
    const [pathname = '/', search] = url.split('?');
    const head = pageHeadFor(pathname, snapshot);
    const data = initialDataFor(head, snapshot);
    const rendered =
      answer.data && rendersInBrowserAt(head)
        ? await this.renderSafely(search === undefined ? pathname : `${pathname}?${search}`, data, {
            user: answer.data,
            ...(loadQuery ? { loadQuery } : {}),
          })
        : undefined;
    const sessionBlock = jsonBlock(SESSION_USER_ELEMENT_ID, answer);
    return { status: head.status, html: this.template.assemble(head, snapshot, data, rendered, sessionBlock, rendered === undefined) };
  }

  /**
   * A private page (a screen marked `private`: the repair tracker) rendered for this request at its
   * own address with `extra`, the data only its holder may read; never cached.
   */
  async renderPrivatePage(pathname: string, snapshot: PublicSnapshot | undefined, extra: Partial<InitialData>): Promise<RenderedPage> {
    const head = pageHeadFor(pathname, snapshot);
    if (!head.match?.screen.private) throw new Error(`${pathname} is not a private page`);
    return this.build({ ...head, renderPath: pathname }, snapshot, extra);
  }

  /**
   * A screen the server renders (a sign-in shell, the quote page) answering a form posted without
   * JavaScript (forms/native-forms.plugin.ts): with the form's errors and what was typed, for this
   * request only; never cached. Undefined for an address the server does not render.
   */
  async renderFormAnswer(
    pathname: string,
    snapshot: PublicSnapshot | undefined,
    nativeForm: NativeFormState,
  ): Promise<RenderedPage | undefined> {
    const head = pageHeadFor(pathname, snapshot);
    if (head.renderPath === undefined || head.status !== 200) return undefined;
    return this.build({ ...head, renderPath: pathname }, snapshot, { nativeForm });
  }

  /**
   * A public page as an admin's preview of the drafts shows it (versions/preview.service.ts):
   * rendered from the preview snapshot for this request only (never the page cache), noindex, with
   * a banner above the page saying so. Undefined for an address that is not a public page.
   */
  async renderPreview(pathname: string, snapshot: PublicSnapshot): Promise<{ status: number; html: string } | undefined> {
    const head = pageHeadFor(pathname, snapshot);
    if (head.status !== 200 || head.canonicalPath === undefined) return undefined;
    const data = initialDataFor(head, snapshot);
    const rendered = head.renderPath !== undefined ? await this.renderSafely(head.renderPath, data) : undefined;
    // The banner is outside the root the browser hydrates, so it stays as the page comes alive.
    const banner =
      `<aside class="preview-banner" aria-label="Preview">` +
      `<p><strong>Preview.</strong> This page shows your drafts; visitors still see the published version.</p>` +
      `<p class="preview-banner__links"><a href="${escapeHtml(head.canonicalPath)}">See the published page</a>` +
      `<a href="/admin">Back to the admin area</a></p></aside>`;
    const html = this.template
      .assemble(head, snapshot, data, rendered)
      .replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>')
      .replace('<div id="root">', `${banner}\n    <div id="root">`);
    return { status: 200, html };
  }

  private async build(head: PageHead, snapshot: PublicSnapshot | undefined, extra?: Partial<InitialData>): Promise<RenderedPage> {
    // An account or admin screen's empty shell (for nobody, or when the database cannot say who
    // asked) carries no content: it is on its way to Login, or the browser asks for what it shows.
    const base = rendersInBrowserAt(head) ? undefined : initialDataFor(head, snapshot);
    const data = base && extra ? { ...base, ...extra } : base;
    const isPublic = head.canonicalPath !== undefined;
    // Public pages, the sign-in shells and the not-found pages are complete in their first HTML;
    // the account and admin screens depend on who asks (renderWithSession).
    const rendered = head.renderPath !== undefined ? await this.renderSafely(head.renderPath, data) : undefined;
    const html = this.template.assemble(head, snapshot, data, rendered, '', rendersInBrowserAt(head));
    const [brotliBytes, gzipBytes] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(html, { level: 9 }),
    ]);
    const isShared = isPublic || head.match?.screen.shell === true;
    const rendersInBrowser = rendersInBrowserAt(head);
    return {
      status: head.status,
      html,
      bytes: Buffer.from(html),
      brotli: brotliBytes,
      gzip: gzipBytes,
      isPublic,
      isShared,
      rendersInBrowser,
    };
  }

  /** A page the server cannot render is still a working page: the client renders it, as it does the sign-in screens. */
  private async renderSafely(
    pathname: string,
    data: InitialData | undefined,
    session?: { user: User | null; loadQuery?: LoadQuery },
  ): Promise<Awaited<ReturnType<RenderPage>> | undefined> {
    if (!this.renderPage) return undefined;
    try {
      return await this.renderPage(pathname, data, session);
    } catch (err) {
      this.log?.error({ err, pathname }, 'server rendering failed; the page is sent for the client to render');
      return undefined;
    }
  }
}
