/**
 * The HTML every page starts from: the built client's index.html with the page's own head (title,
 * description, canonical URL, Open Graph and Twitter tags with the page's main picture, and the
 * shop as JSON-LD structured data) and the right status: 404 for an unknown path or a gallery a
 * visitor may not see. A public page's body (and the not-found page's) is rendered by React on the
 * server (src/client/entry-server.tsx, built into dist/ssr) from the content embedded beside it,
 * which the browser hydrates. Made once per snapshot version and path, so it costs about what a
 * static file does. Sign-in, account and admin screens stay an empty shell the client renders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/env.ts';
import { galleryPageSchema, gallerySchema, testimonialPageSchema, widgetSchema, type ImageVariants } from '#shared/schemas/content.ts';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '#shared/initial-data.ts';
import { shopSchema, type Shop } from '#shared/schemas/shop.ts';
import { WEEKDAYS } from '#shared/value-sets.ts';
import { dayName } from '#shared/opening-status.ts';
import { ABOUT_GALLERY_ID } from '#shared/limits.ts';
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
  isPublic: boolean;
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

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absent for pages search engines should not index (sign-in, account, admin, not found). */
  canonicalPath?: string;
  image?: { variants: ImageVariants; alt: string } | undefined;
}

/** The public pages (src/client/app.tsx): their titles as the client sets them, and their main picture. */
const PUBLIC_PAGES: Record<string, { title: string; description: (shop: Shop) => string; imageWidget?: string }> = {
  '/': { title: 'Home', description: (shop) => `${shop.tagline}: accident repairs, resprays and paintwork.`, imageWidget: 'HomeImage1' },
  '/about': { title: 'About Us', description: (shop) => `Who we are: ${shop.name}, ${shop.town}.`, imageWidget: 'AboutImage' },
  '/services': { title: 'Services', description: (shop) => `Bodywork, paint and repairs at ${shop.name}.`, imageWidget: 'Service1Image' },
  '/galleries': { title: 'Photo Galleries', description: (shop) => `Our work in pictures: ${shop.name}.` },
  '/contact': {
    title: 'Contact',
    description: (shop) => `Find us, call ${shop.telephone} or e-mail ${shop.email}.`,
    imageWidget: 'ContactImage',
  },
  '/legal/terms': { title: 'Terms and Conditions', description: (shop) => `The terms of ${shop.name}.` },
  '/legal/privacy': { title: 'Privacy Policy', description: (shop) => `How ${shop.name} handles your personal data.` },
};

/** The public pages' paths, for the sitemap (crawler-files.ts). */
export const PUBLIC_PAGE_PATHS = Object.keys(PUBLIC_PAGES);

/** Screens of the client that are not for search engines (the quote form, sign-in, account, admin). */
const PRIVATE_SCREENS =
  /^\/(?:quote|login|register|two-factor-challenge|forgot-password|verify-email|confirm-password|reset-password\/[^/]+|account(?:\/.*)?|admin(?:\/.*)?)$/;

export function pageHeadFor(pathname: string, snapshot: PublicSnapshot | undefined): PageHead {
  // Before the first snapshot (the first seconds of a start) the shop's details are not known yet.
  const shop = snapshot?.content.shop;
  const name = shop?.name ?? '';
  const tagline = shop?.tagline ?? '';
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PUBLIC_PAGES[clean];
  if (page) {
    const widget = page.imageWidget ? snapshot?.widget(page.imageWidget) : undefined;
    const galleryCover = clean === '/galleries' ? snapshot?.content.galleryList.find((g) => g.image)?.image : undefined;
    const variants = widget?.image ?? galleryCover ?? undefined;
    return {
      status: 200,
      title: page.title,
      description: shop ? page.description(shop) : '',
      canonicalPath: clean,
      image: variants ? { variants, alt: widget?.alt ?? '' } : undefined,
    };
  }
  const gallery = /^\/galleries\/(\d{1,10})$/.exec(clean);
  if (gallery) {
    const found = snapshot?.gallery(Number(gallery[1]));
    if (found) {
      const cover = found.image ?? found.images[0]?.image;
      return {
        status: 200,
        title: found.name,
        description: `${found.name}: ${found.images.length} photos of our work at ${name}.`,
        canonicalPath: clean,
        image: cover ? { variants: cover, alt: found.images[0]?.alt ?? found.name } : undefined,
      };
    }
  }
  if (PRIVATE_SCREENS.test(clean)) return { status: 200, title: name, description: tagline };
  return { status: 404, title: 'Page Not Found', description: tagline };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/**
 * schema.org AutoBodyShop from the shop's details; no review ratings (search engines distrust
 * self-served ones). Days with the same hours share an OpeningHoursSpecification; closures are
 * special opening hours with no `opens` (schema.org: "the place is open if the opens property is
 * specified, and closed otherwise").
 */
export function shopStructuredData(shop: Shop, appUrl: string, image: string | undefined): Record<string, unknown> {
  const byHours = new Map<string, { days: string[]; opens: string; closes: string }>();
  for (const day of WEEKDAYS) {
    for (const range of shop.openingHours[day]) {
      const key = `${range.opens}-${range.closes}`;
      const found = byHours.get(key) ?? { days: [], opens: range.opens, closes: range.closes };
      found.days.push(`https://schema.org/${dayName(day)}`);
      byHours.set(key, found);
    }
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoBodyShop',
    name: shop.name,
    ...(shop.tagline ? { description: shop.tagline } : {}),
    url: `${appUrl}/`,
    logo: `${appUrl}/logo.svg`,
    ...(image ? { image } : {}),
    telephone: shop.telephone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.addressLines.join(', '),
      addressLocality: shop.town,
      ...(shop.county ? { addressRegion: shop.county } : {}),
      postalCode: shop.postcode,
      addressCountry: shop.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: [...byHours.values()].map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    ...(shop.closures.length
      ? {
          specialOpeningHoursSpecification: shop.closures.map((closure) => ({
            '@type': 'OpeningHoursSpecification',
            validFrom: closure.from,
            validThrough: closure.to,
            ...(closure.note ? { description: closure.note } : {}),
          })),
        }
      : {}),
    ...(shop.socialLinks.length ? { sameAs: shop.socialLinks.map((link) => link.url) } : {}),
  };
}

export function renderHead(head: PageHead, appUrl: string, shop: Shop | undefined): string {
  const title = shop ? `${head.title} | ${shop.name}` : head.title;
  const image = head.image ? `${appUrl}${head.image.variants.large_url}` : undefined;
  // JSON inside <script>: "<" is escaped so no text can close the element.
  const jsonLd = shop && JSON.stringify(shopStructuredData(shop, appUrl, image)).replace(/</g, '\\u003c');
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`];
  if (!head.canonicalPath) tags.push('<meta name="robots" content="noindex" />');
  else {
    const url = `${appUrl}${head.canonicalPath === '/' ? '/' : head.canonicalPath}`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(shop?.name ?? '')}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      '<meta property="og:locale" content="en_GB" />',
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    );
    if (image && head.image) {
      tags.push(
        `<meta property="og:image" content="${escapeHtml(image)}" />`,
        `<meta property="og:image:width" content="${head.image.variants.large_width}" />`,
        `<meta property="og:image:height" content="${head.image.variants.large_height}" />`,
        `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
      );
    }
  }
  if (jsonLd) tags.push(`<script type="application/ld+json">${jsonLd}</script>`);
  return tags.join('\n    ');
}

/**
 * The content the page's screen reads first, in the shapes the procedures give (output schemas
 * applied), so the client's cache holds exactly what the API would have answered.
 */
export function initialDataFor(head: PageHead, snapshot: PublicSnapshot | undefined): InitialData | undefined {
  if (!snapshot) return undefined;
  const widgets = snapshot.content.widgets.map((w) => widgetSchema.parse(w));
  // Every page's footer shows the shop's details.
  const shop = shopSchema.parse(snapshot.content.shop);
  if (head.status === 404) return { widgets, shop, notFound: true };
  if (!head.canonicalPath) return undefined;
  const data: InitialData = { widgets, shop };
  if (head.canonicalPath === '/') data.testimonials = testimonialPageSchema.parse(snapshot.testimonials());
  if (head.canonicalPath === '/galleries') data.galleryList = galleryPageSchema.parse(snapshot.galleryList());
  // A gallery page shows its gallery; the About page a slider of the workshop's.
  const galleryId = head.canonicalPath === '/about' ? ABOUT_GALLERY_ID : Number(/^\/galleries\/(\d+)$/.exec(head.canonicalPath)?.[1]);
  const gallery = galleryId ? snapshot.gallery(galleryId) : undefined;
  if (gallery) data.gallery = gallerySchema.parse(gallery);
  else if (head.canonicalPath === '/about') data.unavailableGalleryId = ABOUT_GALLERY_ID;
  return data;
}

const NOT_FOUND_CACHE_SIZE = 200;

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
  /** Not-found pages by address (the menu marks the section an address is in), at most NOT_FOUND_CACHE_SIZE. */
  private notFoundCache = new Map<string, Promise<RenderedPage>>();
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

  /** A public page's HTML (200), or undefined for anything else: sign-in screens, 404s. */
  async renderPublicPage(url: string, snapshot: PublicSnapshot | undefined): Promise<RenderedPage | undefined> {
    const pathname = url.split('?')[0] ?? '/';
    const page = await this.render(pathname, snapshot);
    return page.status === 200 && page.isPublic ? page : undefined;
  }

  /**
   * The page's HTML and status; cached per snapshot version (only known pages, so the cache stays
   * small), one render per page even when many requests ask for it at once.
   */
  render(pathname: string, snapshot: PublicSnapshot | undefined): Promise<RenderedPage> {
    if (this.cachedVersion !== snapshot?.version) {
      this.cache = new Map();
      this.notFoundCache = new Map();
      this.cachedVersion = snapshot?.version;
    }
    const head = pageHeadFor(pathname, snapshot);
    const [cache, key] = head.status === 404 ? [this.notFoundCache, pathname] : [this.cache, head.canonicalPath ?? 'private'];
    let page = cache.get(key);
    if (!page) {
      // Unknown addresses are endless: past the bound, the oldest not-found page goes.
      if (cache === this.notFoundCache && cache.size >= NOT_FOUND_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      page = this.build(pathname, head, snapshot);
      cache.set(key, page);
    }
    return page;
  }

  private async build(pathname: string, head: PageHead, snapshot: PublicSnapshot | undefined): Promise<RenderedPage> {
    const data = initialDataFor(head, snapshot);
    const isPublic = head.canonicalPath !== undefined;
    // Public pages and the not-found page are complete in their first HTML; the sign-in, account
    // and admin screens depend on who asks, so the client renders them.
    const rendered = isPublic || head.status === 404 ? await this.renderSafely(head.canonicalPath ?? pathname, data) : undefined;
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
    return { status: head.status, html, bytes: Buffer.from(html), brotli: brotliBytes, gzip: gzipBytes, isPublic };
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
