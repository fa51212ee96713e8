/**
 * The built client's index.html, read once, with a slot for each page's head and body: a page's
 * HTML is the template with its head (page-head.ts), the tree the server rendered, its data blocks
 * and, for a screen the browser renders, the modulepreloads of its code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '#server/config/load-config.ts';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import { renderHead, type PageHead } from './page-head.ts';
import type { RenderPage } from './page-shell.ts';
import type { PublicSnapshot } from './public-snapshot.ts';

/** JSON in a non-script block: "<" escaped so no text can close the element. */
export const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * React puts a preload for each high-priority image at the top of what it renders; in the head
 * the browser finds them before anything else (the LCP picture of the page), and the root then
 * holds exactly the tree the browser hydrates.
 */
function splitPreloads(body: string): { preloads: string; tree: string } {
  const match = /^(?:<link rel="preload"[^>]*\/>)+/.exec(body);
  return match ? { preloads: match[0], tree: body.slice(match[0].length) } : { preloads: '', tree: body };
}

/** A screen of the route table the server leaves to the browser (account, admin, confirm password). */
export const rendersInBrowserAt = (head: PageHead) => head.match !== undefined && head.renderPath === undefined && head.status === 200;

/** dist/client/screen-preloads.json (scripts/lib/screen-preloads.mjs): the chunks each screen the browser renders needs. */
interface ScreenPreloads {
  start: string[];
  screens: Record<string, string[]>;
  areas: Record<string, string[]>;
}

export class PageTemplate {
  private readonly before: string;
  private readonly after: string;
  private readonly preloads: ScreenPreloads | undefined;

  constructor(
    clientDir: string,
    private readonly config: Pick<AppConfig, 'appUrl'>,
  ) {
    const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, '<!--page-head-->');
    const [before, after] = template.split('<!--page-head-->');
    if (after === undefined) throw new Error('dist/client/index.html has no <title> to replace');
    this.before = before!;
    this.after = after;
    if (!this.after.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no <div id="root"></div>');
    const preloadsFile = path.join(clientDir, 'screen-preloads.json');
    this.preloads = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as ScreenPreloads) : undefined;
  }

  /**
   * For a screen the browser renders from an empty shell (account, admin, when the server did not
   * render it): a modulepreload for every chunk it needs, so they download together while the HTML
   * is read, not one import after the other (the application, then the screen and its area, then
   * what they import). A page the server rendered is complete without them and loads the
   * application after its first paint (main.tsx), so that its picture does not share the phone's
   * bandwidth with the code; it still links its area's stylesheet (the admin's), or it would be
   * drawn unstyled and then move. Stylesheets the template links already are left out.
   */
  private modulePreloads(head: PageHead, withScripts: boolean): string {
    const screen = head.match?.screen;
    if (!this.preloads || !screen || !rendersInBrowserAt(head)) return '';
    const files = new Set([
      ...this.preloads.start,
      ...(this.preloads.areas[screen.layout] ?? []),
      ...(this.preloads.screens[screen.id] ?? []),
    ]);
    return [...files]
      .filter((file) => (withScripts || file.endsWith('.css')) && !this.after.includes(`"${file}"`) && !this.before.includes(`"${file}"`))
      .map((file) =>
        file.endsWith('.css')
          ? `\n    <link rel="stylesheet" crossorigin href="${file}">`
          : `\n    <link rel="modulepreload" crossorigin href="${file}">`,
      )
      .join('');
  }

  /** The page's HTML: the template with its head, its rendered tree (if any) and its data blocks. */
  assemble(
    head: PageHead,
    snapshot: PublicSnapshot | undefined,
    data: InitialData | undefined,
    rendered: Awaited<ReturnType<RenderPage>> | undefined,
    extraBlock = '',
    preloadCode = false,
  ): string {
    const { preloads, tree } = splitPreloads(rendered?.html ?? '');
    // What the rendered page read (all of it when the client renders the page itself), and the
    // answers an account or admin screen was rendered with.
    const embedded = rendered
      ? rendered.data && { ...rendered.data, ...(rendered.queries?.length ? { queries: rendered.queries } : {}) }
      : data;
    const dataBlock = embedded ? jsonBlock(INITIAL_DATA_ELEMENT_ID, embedded) : '';
    const blocks = [dataBlock, extraBlock].filter(Boolean).join('\n    ');
    const after = this.after.replace('<div id="root"></div>', `<div id="root">${tree}</div>\n    ${blocks}`);
    return (
      this.before +
      renderHead(head, this.config.appUrl, snapshot?.content.shop) +
      (preloads ? `\n    ${preloads}` : '') +
      this.modulePreloads(head, preloadCode) +
      after
    );
  }
}
