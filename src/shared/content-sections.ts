/**
 * The catalogue of the site's content: which widget fills which section of which public page, in
 * page order, in the words an admin uses ("Home: introduction"), under which anchor the section
 * can be opened (/#introduction), and whether the site shows it at all. The public pages place
 * their widgets from it (their ids come from here) and the admin's content screen lists it, so the
 * two cannot drift apart. The widget names are the SPEC's: the pages read them, so an admin can
 * neither rename them, change their type nor delete them (docs/decisions/fixed-content-sections.md).
 */
import type { WidgetType } from '#shared/value-sets.ts';

export interface ContentPage {
  /** The public page's path. */
  path: string;
  /** What an admin calls it. */
  label: string;
}

export const CONTENT_PAGES = {
  home: { path: '/', label: 'Home' },
  about: { path: '/about', label: 'About' },
  services: { path: '/services', label: 'Services' },
  galleries: { path: '/galleries', label: 'Galleries' },
  contact: { path: '/contact', label: 'Contact' },
  terms: { path: '/legal/terms', label: 'Terms and conditions' },
  privacy: { path: '/legal/privacy', label: 'Privacy policy' },
} as const satisfies Record<string, ContentPage>;

export type ContentPageKey = keyof typeof CONTENT_PAGES;

export interface ContentSection {
  /** The widget's name (the SPEC's; fixed). */
  widget: string;
  page: ContentPageKey;
  /** The section, in the admin's words, without the page ("feature 2 picture"). */
  label: string;
  /** The id of the section on its page (`/#feature-2-picture`). */
  anchor: string;
  type: WidgetType;
  /** False: the page has a place for it but does not show it (docs/product.md "Services": the second item). */
  isShown: boolean;
}

function section(page: ContentPageKey, widget: string, label: string, type: WidgetType, isShown = true): ContentSection {
  const anchor = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { widget, page, label, anchor, type, isShown };
}

/** Every section, page by page, each page's sections in the order the page shows them. */
export const CONTENT_SECTIONS: readonly ContentSection[] = [
  section('home', 'HomeText1', 'introduction', 'TEXT'),
  section('home', 'HomeImage1', 'introduction picture', 'IMAGE'),
  section('home', 'HomeItem1Image', 'feature 1 picture', 'IMAGE'),
  section('home', 'HomeItem1Text', 'feature 1', 'TEXT'),
  section('home', 'HomeItem2Image', 'feature 2 picture', 'IMAGE'),
  section('home', 'HomeItem2Text', 'feature 2', 'TEXT'),
  section('home', 'HomeItem3Image', 'feature 3 picture', 'IMAGE'),
  section('home', 'HomeItem3Text', 'feature 3', 'TEXT'),
  section('home', 'HomeImage2', 'closing picture', 'IMAGE'),
  section('home', 'HomeTextBottom', 'closing text', 'TEXT'),
  section('about', 'AboutText', 'introduction', 'TEXT'),
  section('about', 'AboutImage', 'introduction picture', 'IMAGE'),
  section('about', 'AboutImage2', 'second picture', 'IMAGE'),
  section('about', 'AboutText2', 'how we work', 'TEXT'),
  section('services', 'ServicesText', 'introduction', 'TEXT'),
  section('services', 'Service1Image', 'accident repairs picture', 'IMAGE'),
  section('services', 'Service1', 'accident repairs', 'TEXT'),
  section('services', 'Service2Image', 'rust and restoration picture', 'IMAGE', false),
  section('services', 'Service2', 'rust and restoration', 'TEXT', false),
  section('services', 'Service3Image', 'paint and resprays picture', 'IMAGE'),
  section('services', 'Service3', 'paint and resprays', 'TEXT'),
  section('services', 'Service4Image', 'marine, commercial and plant picture', 'IMAGE'),
  section('services', 'Service4', 'marine, commercial and plant', 'TEXT'),
  section('galleries', 'GalleryText', 'introduction', 'TEXT'),
  section('contact', 'ContactImage', 'picture', 'IMAGE'),
  section('terms', 'Terms', 'text', 'TEXT'),
  section('privacy', 'PrivacyPolicy', 'text', 'TEXT'),
];

const byWidget = new Map(CONTENT_SECTIONS.map((s) => [s.widget.toLowerCase(), s]));

/** The section a widget fills, or undefined for a widget an admin added. Names compare in any case (as the server's uniqueness does). */
export function sectionOfWidget(name: string): ContentSection | undefined {
  return byWidget.get(name.toLowerCase());
}

/** A widget the pages read: its name and type are fixed and it cannot be deleted. */
export function isFixedWidgetName(name: string): boolean {
  return byWidget.has(name.toLowerCase());
}

/** "Home: feature 2 picture". */
export function sectionTitle(s: ContentSection): string {
  return `${CONTENT_PAGES[s.page].label}: ${s.label}`;
}

/** Where "View on the site" opens: the page at the section. */
export function sectionHref(s: ContentSection): string {
  return `${CONTENT_PAGES[s.page].path}#${s.anchor}`;
}

/** The services page's items in order: a hidden item keeps its place in the catalogue but is not shown. */
export const SERVICE_ITEMS = [1, 2, 3, 4].map((n) => ({ n, isShown: sectionOfWidget(`Service${n}`)?.isShown ?? true }));
