/**
 * Each page's head from the route table (src/shared/screens.ts): title, description, canonical
 * URL, Open Graph and Twitter tags with the page's main picture, the shop as JSON-LD, and the
 * status (404 for an unknown path or a gallery a visitor may not see). A screen the server does
 * not render (sign-in, account, admin, the quote form) is noindex and has no canonical URL.
 */
import type { Gallery, ImageVariants } from '#shared/schemas/content.ts';
import type { Shop } from '#shared/schemas/shop.ts';
import {
  areaAt,
  cleanPath,
  matchScreen,
  NOT_FOUND_TITLE,
  notFoundSectionOf,
  SCREEN_AREAS,
  SCREEN_LIST,
  titleOf,
  type ScreenEntry,
  type ScreenMatch,
} from '#shared/screens.ts';
import { serviceStructuredData, shopStructuredData } from './structured-data.ts';
import type { PublicSnapshot } from './public-snapshot.ts';
import { escapeHtml } from '#shared/escape-html.ts';

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absent for pages search engines should not index (sign-in, account, admin, not found). */
  canonicalPath?: string;
  image?: { variants: ImageVariants; alt: string } | undefined;
  /** What the page's HTML depends on besides the content: its canonical path, its screen, or (not found) its section. */
  key: string;
  /**
   * The address the server renders the page at, when it renders it: a public page's canonical
   * path, a sign-in shell's pattern (its parameters are not in its HTML), a not-found page's
   * section (`notFoundPath`): one page serves every address of the section.
   */
  renderPath?: string;
  /** The screen at the path, and for a rendered page the gallery it names. */
  match?: ScreenMatch;
  gallery?: Gallery;
}

/** A gallery id in a path: digits only, as the API takes them. */
function galleryIdOf(param: string | undefined): number | undefined {
  return param !== undefined && /^\d{1,10}$/.test(param) ? Number(param) : undefined;
}

/** The page's picture for social cards: a widget's image, the first gallery cover of the list, or the page's gallery's. */
function socialImage(
  source: NonNullable<ScreenEntry['ssr']>['image'],
  snapshot: PublicSnapshot | undefined,
  gallery: Gallery | undefined,
): PageHead['image'] {
  if (source === 'gallery') {
    const cover = gallery?.image ?? gallery?.images[0]?.image;
    return cover && { variants: cover, alt: gallery?.images[0]?.alt ?? gallery?.name ?? '' };
  }
  if (source === 'galleryList') {
    const cover = snapshot?.content.galleryList.find((g) => g.image)?.image;
    return cover ? { variants: cover, alt: '' } : undefined;
  }
  const widget = source && snapshot?.widget(source.widget);
  return widget?.image ? { variants: widget.image, alt: widget.alt ?? '' } : undefined;
}

/** The head of a page the server renders, or undefined when its gallery is not there (then the page is not found). */
function renderedPageHead(match: ScreenMatch, ssr: NonNullable<ScreenEntry['ssr']>, snapshot: PublicSnapshot | undefined, clean: string) {
  const { screen, params } = match;
  const galleryId = galleryIdOf(params.id);
  const gallery = ssr.reads?.gallery === 'path' && galleryId !== undefined ? snapshot?.gallery(galleryId) : undefined;
  if (ssr.reads?.gallery === 'path' && !gallery) return undefined;
  const shop = snapshot?.content.shop;
  const facts = gallery && { name: gallery.name, imageCount: gallery.images.length };
  const head: PageHead = {
    status: 200,
    title: titleOf(screen.title, { shop, galleryName: gallery?.name }),
    // Before the first snapshot (the first seconds of a start) the shop's details are not known yet.
    description: shop ? ssr.description({ shop, gallery: facts }) : '',
    canonicalPath: clean,
    image: socialImage(ssr.image, snapshot, gallery),
    key: clean,
    renderPath: clean,
    match,
  };
  if (gallery) head.gallery = gallery;
  return head;
}

export function pageHeadFor(pathname: string, snapshot: PublicSnapshot | undefined): PageHead {
  const shop = snapshot?.content.shop;
  const tagline = shop?.tagline ?? '';
  const match = matchScreen(pathname);
  const ssr = match?.screen.ssr;
  if (match && ssr) {
    const head = renderedPageHead(match, ssr, snapshot, cleanPath(pathname));
    if (head) return head;
  } else if (match) {
    const { title, shell, path } = match.screen;
    return {
      status: 200,
      title: titleOf(title, { shop }) || (shop?.name ?? ''),
      description: tagline,
      key: match.screen.id,
      match,
      ...(shell ? { renderPath: path } : {}),
    };
  } else {
    // An unknown path inside the account or admin area: the area's own not-found, behind its guard.
    const area = areaAt(pathname);
    const home = area && SCREEN_LIST.find((screen) => screen.path === SCREEN_AREAS[area].path);
    if (area && typeof home?.title === 'string') return { status: 200, title: home.title, description: tagline, key: area };
  }
  const section = notFoundSectionOf(pathname);
  return { status: 404, title: NOT_FOUND_TITLE, description: tagline, key: `404 ${section}`, renderPath: notFoundPath(section) };
}

/** The address a section's not-found page is rendered at: inside the section, matching no screen. */
export function notFoundPath(section: string): string {
  return `${section}/404`;
}

export function renderHead(head: PageHead, appUrl: string, shop: Shop | undefined): string {
  const title = shop ? `${head.title} | ${shop.name}` : head.title;
  const image = head.image ? `${appUrl}${head.image.variants.large_url}` : undefined;
  // JSON inside <script>: "<" is escaped so no text can close the element.
  const service = head.match?.screen.ssr?.service;
  const data = shop && shopStructuredData(shop, appUrl, image);
  const structured =
    data && service && head.canonicalPath ? serviceStructuredData(service, `${appUrl}${head.canonicalPath}`, shop, data) : data;
  const jsonLd = structured && JSON.stringify(structured).replace(/</g, '\\u003c');
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
