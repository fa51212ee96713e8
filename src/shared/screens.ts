/**
 * Every screen of the site in one table (docs/product.md section 2): its path, title, who may
 * open it, and for the public pages their description, social picture, whether the server
 * renders them, the sitemap and the data their first render reads. The client's router
 * (src/client/routing/screen-components.tsx), the server's page shell and sitemap
 * (src/server/public-content/) and the tests that walk the site all read it
 * (docs/decisions/one-route-table.md). A new screen is an entry here, its screen file and the
 * line in src/client/routing/screen-components.tsx that TypeScript asks for.
 */
import type { Shop } from './schemas/shop.ts';
import { ACCOUNT_ROLES, type Role } from './value-sets.ts';
import { ABOUT_GALLERY_ID } from './limits.ts';
import type { Permission } from './permissions.ts';

/**
 * Who may open a screen. `guest`: a visitor; a signed-in user goes on (to `signedInTo`, else
 * the page of `?redirect=`, else home). `signedIn`: any signed-in user. `staff`: an owner or anyone
 * with a staff role, and on a screen naming a permission only those holding it. `roles`: those roles.
 * Anyone else goes to Login.
 */
export type ScreenAccess = 'public' | 'guest' | 'signedIn' | 'staff' | { roles: readonly Role[] };

/** The layouts a screen sits in: the site's, the sign-in card's, the account's and the admin's menus. */
export type ScreenLayout = 'site' | 'auth' | 'account' | 'admin';

/** The facts about a gallery a derived head reads (the server has them in the snapshot). */
export interface GalleryFacts {
  name: string;
  imageCount: number;
}

/** What a public page's description is made from. */
export interface DescriptionFacts {
  shop: Shop;
  gallery?: GalleryFacts | undefined;
}

export interface ScreenEntry {
  /** wouter's pattern, absolute (`/galleries/:id`); matched exactly, case and all, trailing slashes aside. */
  path: string;
  layout: ScreenLayout;
  access: ScreenAccess;
  /** An admin screen: the permission its procedures need (#shared/permissions.ts); the menu shows it to the roles holding it. */
  permission?: Permission;
  /**
   * The document title (`<title> | <shop>`), or where it comes from: `gallery`, the gallery of the
   * path's `:id`; `shop`, what the shop does and where (`shopTitle`). It says what the page is, never
   * just "Home".
   */
  title: string | { from: 'gallery' | 'shop' };
  /**
   * A site page without the calls to action (the phone's call bar and the end-of-page prompt to get
   * a quote or call): the quote form itself (and a booking form, when there is one).
   */
  callsToAction?: false;
  /** With access `guest`: where a signed-in visitor goes instead (default: `?redirect=` or home). */
  signedInTo?: string;
  /**
   * A public page the server renders (once per content version) and search engines index: it
   * has a canonical URL and a description. Every other screen is an empty, noindex shell the
   * browser renders for whoever asks.
   */
  ssr?: {
    description: (facts: DescriptionFacts) => string;
    /** The social picture: a widget's image, the first gallery's cover (`galleryList`), the path's gallery (`gallery`). */
    image?: { widget: string } | 'galleryList' | 'gallery';
    /** In sitemap.xml: `pages` (dated by the pages' content), `galleries` (by the newest gallery), `each gallery` (one URL per visible gallery). */
    sitemap: 'pages' | 'galleries' | 'each gallery';
    /** Data the first render reads beyond the widgets and the shop (which every page embeds). */
    reads?: { testimonials?: true; galleryList?: true; gallery?: 'path' | number; bookingSummary?: true };
    /** The page offers a service: its JSON-LD is a schema.org Service of this name, with the shop as its provider. */
    service?: string;
  };
  /**
   * A screen the server renders once, as a shell: the same HTML for every visitor (rendered
   * signed out, no data of its own, no query string), so its form paints from the first HTML.
   * Unlike `ssr`, it stays noindex and out of the sitemap (the sign-in screens).
   */
  shell?: true;
  /**
   * A page the server renders for each request from data only the address's holder may read (the
   * repair tracker behind its private link): noindex, out of the sitemap, `Cache-Control: private,
   * no-store`, never kept in the page cache. Its route fetches the data (repair-jobs/tracker-page.route.ts).
   */
  private?: true;
  /** robots.txt keeps crawlers out (screens mid-way through a sign-in; signed-in screens always are). */
  disallow?: true;
}

/** The areas with their own menu, guarded as a whole (an unknown path inside one is the area's own not-found). */
export const SCREEN_AREAS = {
  account: { path: '/account', access: { roles: ACCOUNT_ROLES } },
  admin: { path: '/admin', access: 'staff' },
} as const satisfies Record<string, { path: string; access: ScreenAccess }>;
export type ScreenArea = keyof typeof SCREEN_AREAS;

const account = SCREEN_AREAS.account.access;
const admin = SCREEN_AREAS.admin.access;

export const SCREENS = {
  home: {
    path: '/',
    layout: 'site',
    access: 'public',
    title: { from: 'shop' },
    ssr: {
      description: ({ shop }) => `${shop.tagline}: accident repairs, resprays and paintwork.`,
      image: { widget: 'HomeImage1' },
      sitemap: 'pages',
      reads: { testimonials: true, bookingSummary: true },
    },
  },
  about: {
    path: '/about',
    layout: 'site',
    access: 'public',
    title: 'About Us',
    ssr: {
      description: ({ shop }) => `Who we are: ${shop.name}, ${shop.town}.`,
      image: { widget: 'AboutImage' },
      sitemap: 'pages',
      reads: { gallery: ABOUT_GALLERY_ID },
    },
  },
  services: {
    path: '/services',
    layout: 'site',
    access: 'public',
    title: 'Services',
    ssr: {
      description: ({ shop }) => `Bodywork, paint and repairs at ${shop.name}.`,
      image: { widget: 'Service1Image' },
      sitemap: 'pages',
    },
  },
  galleries: {
    path: '/galleries',
    layout: 'site',
    access: 'public',
    title: 'Photo Galleries',
    ssr: {
      description: ({ shop }) => `Our work in pictures: ${shop.name}.`,
      image: 'galleryList',
      sitemap: 'galleries',
      reads: { galleryList: true },
    },
  },
  gallery: {
    path: '/galleries/:id',
    layout: 'site',
    access: 'public',
    title: { from: 'gallery' },
    ssr: {
      description: ({ shop, gallery }) => `${gallery?.name}: ${gallery?.imageCount} photos of our work at ${shop.name}.`,
      image: 'gallery',
      sitemap: 'each gallery',
      reads: { gallery: 'path' },
    },
  },
  contact: {
    path: '/contact',
    layout: 'site',
    access: 'public',
    title: 'Contact',
    ssr: {
      description: ({ shop }) => `Find us, call ${shop.telephone} or e-mail ${shop.email}.`,
      image: { widget: 'ContactImage' },
      sitemap: 'pages',
      reads: { bookingSummary: true },
    },
  },
  quote: {
    path: '/quote',
    layout: 'site',
    access: 'public',
    title: 'Get a quote',
    callsToAction: false,
    ssr: {
      description: ({ shop }) => `Ask ${shop.name} for a free repair quote: describe the damage and send us photos.`,
      sitemap: 'pages',
      service: 'Vehicle body repair quote',
    },
  },
  book: {
    path: '/book',
    layout: 'site',
    access: 'public',
    title: 'Book a visit',
    callsToAction: false,
    ssr: {
      description: ({ shop }) => `Book an estimate visit, a drop-off or an on-site visit at ${shop.name} online, at a time that suits you.`,
      sitemap: 'pages',
      reads: { bookingSummary: true },
      service: 'Vehicle damage estimate visit',
    },
  },
  bookManage: {
    path: '/book/manage/:token',
    layout: 'site',
    access: 'public',
    title: 'Manage my booking',
    callsToAction: false,
    disallow: true,
  },
  terms: {
    path: '/legal/terms',
    layout: 'site',
    access: 'public',
    title: 'Terms and Conditions',
    ssr: { description: ({ shop }) => `The terms of ${shop.name}.`, sitemap: 'pages' },
  },
  privacy: {
    path: '/legal/privacy',
    layout: 'site',
    access: 'public',
    title: 'Privacy Policy',
    ssr: { description: ({ shop }) => `How ${shop.name} handles your personal data.`, sitemap: 'pages' },
  },

  register: { path: '/register', layout: 'auth', access: 'guest', signedInTo: '/account', title: 'Register', shell: true },
  login: { path: '/login', layout: 'auth', access: 'guest', title: 'Login', shell: true },
  twoFactorChallenge: {
    path: '/two-factor-challenge',
    layout: 'auth',
    access: 'public',
    title: '2FA Authentication',
    disallow: true,
    shell: true,
  },
  forgotPassword: { path: '/forgot-password', layout: 'auth', access: 'public', title: 'Forgotten Password', shell: true },
  resetPassword: { path: '/reset-password/:token', layout: 'auth', access: 'public', title: 'Reset Password', disallow: true, shell: true },
  verifyEmail: { path: '/verify-email', layout: 'auth', access: 'public', title: 'Verify Your Email Address', shell: true },
  // The "this wasn't me" link of a security e-mail: a button, so a mail scanner's GET changes nothing.
  thisWasntMe: {
    path: '/this-wasnt-me/:token',
    layout: 'auth',
    access: 'public',
    title: 'Secure Your Account',
    disallow: true,
    shell: true,
  },
  confirmPassword: { path: '/confirm-password', layout: 'auth', access: 'signedIn', title: 'Confirm Password' },

  accountDashboard: { path: '/account', layout: 'account', access: account, title: 'My Account' },
  accountProfile: { path: '/account/profile', layout: 'account', access: account, title: 'Update Contact Details' },
  accountPassword: { path: '/account/password', layout: 'account', access: account, title: 'Change Password' },
  accountTwoFactor: { path: '/account/2fa', layout: 'account', access: account, title: 'Two Factor Authentication' },
  accountSessions: { path: '/account/sessions', layout: 'account', access: account, title: 'Signed-in Devices' },
  accountSecurity: { path: '/account/security', layout: 'account', access: account, title: 'Sign-in and Security' },
  accountQuotes: { path: '/account/quotes', layout: 'account', access: account, title: 'My quote requests' },
  accountBookings: { path: '/account/bookings', layout: 'account', access: account, title: 'My bookings' },
  accountRepairs: { path: '/account/repairs', layout: 'account', access: account, title: 'My repairs' },
  repairTracker: { path: '/track/:token', layout: 'site', access: 'public', title: 'Your repair', private: true, disallow: true },
  // The staff invitation's link (users/invitation-page.route.ts): who invited, the role, the password form.
  acceptInvitation: {
    path: '/accept-invitation/:token',
    layout: 'auth',
    access: 'public',
    title: 'Join the team',
    private: true,
    disallow: true,
  },
  reviewRequest: { path: '/review/:token', layout: 'site', access: 'public', title: 'How did we do?', private: true, disallow: true },
  customerEstimate: { path: '/estimate/:token', layout: 'site', access: 'public', title: 'Your estimate', private: true, disallow: true },

  adminDashboard: { path: '/admin', layout: 'admin', access: admin, permission: 'customers', title: 'Admin' },
  adminUsers: { path: '/admin/users', layout: 'admin', access: admin, permission: 'customers', title: 'Users' },
  adminUser: { path: '/admin/users/:id', layout: 'admin', access: admin, permission: 'customers', title: 'Edit user' },
  adminTestimonials: { path: '/admin/testimonials', layout: 'admin', access: admin, permission: 'content', title: 'Testimonials' },
  adminFeedback: { path: '/admin/feedback', layout: 'admin', access: admin, permission: 'customers', title: 'Customer feedback' },
  adminWidgets: { path: '/admin/widgets', layout: 'admin', access: admin, permission: 'content', title: 'Widgets' },
  adminWidget: { path: '/admin/widgets/:id', layout: 'admin', access: admin, permission: 'content', title: 'Edit widget' },
  adminGalleries: { path: '/admin/galleries', layout: 'admin', access: admin, permission: 'content', title: 'Galleries' },
  adminGallery: { path: '/admin/galleries/:id', layout: 'admin', access: admin, permission: 'content', title: 'Edit gallery' },
  adminShop: { path: '/admin/shop', layout: 'admin', access: admin, permission: 'content', title: 'Shop details' },
  adminNotifications: { path: '/admin/notifications', layout: 'admin', access: admin, permission: 'notifications', title: 'Notifications' },
  adminQuotes: { path: '/admin/quotes', layout: 'admin', access: admin, permission: 'quotes', title: 'Quote requests' },
  adminQuote: { path: '/admin/quotes/:id', layout: 'admin', access: admin, permission: 'quotes', title: 'Quote request' },
  adminEstimateSettings: {
    path: '/admin/estimate-settings',
    layout: 'admin',
    access: admin,
    permission: 'quotes',
    title: 'Estimate settings',
  },
  adminBookings: { path: '/admin/bookings', layout: 'admin', access: admin, permission: 'bookings', title: 'Bookings' },
  adminBooking: { path: '/admin/bookings/:id', layout: 'admin', access: admin, permission: 'bookings', title: 'Booking' },
  adminBookingSetup: { path: '/admin/booking-setup', layout: 'admin', access: admin, permission: 'bookings', title: 'Booking setup' },
  adminRepairs: { path: '/admin/repairs', layout: 'admin', access: admin, permission: 'repairs.work', title: 'Repairs' },
  adminRepair: { path: '/admin/repairs/:id', layout: 'admin', access: admin, permission: 'repairs.work', title: 'Repair' },
  adminRepairStages: { path: '/admin/repair-stages', layout: 'admin', access: admin, permission: 'repairs.manage', title: 'Repair stages' },
  adminInsurers: { path: '/admin/insurers', layout: 'admin', access: admin, permission: 'insurance', title: 'Insurers' },
  adminSystem: { path: '/admin/system', layout: 'admin', access: admin, permission: 'system', title: 'System' },
  adminMail: { path: '/admin/mail', layout: 'admin', access: admin, permission: 'mail', title: 'Outgoing mail' },
  adminActivity: { path: '/admin/activity', layout: 'admin', access: admin, permission: 'activity', title: 'Activity log' },
  adminBin: { path: '/admin/bin', layout: 'admin', access: admin, permission: 'system', title: 'Bin' },
} as const satisfies Record<string, ScreenEntry>;

export type ScreenId = keyof typeof SCREENS;
/** The screens whose path has a parameter (`/galleries/:id`): a walk over the table needs a value for each. */
export type ScreenWithParams = { [K in ScreenId]: (typeof SCREENS)[K]['path'] extends `${string}:${string}` ? K : never }[ScreenId];

/** The screens the server renders (an `ssr` entry): a walk over them needs what each shows. */
export type RenderedScreenId = { [K in ScreenId]: (typeof SCREENS)[K] extends { ssr: object } ? K : never }[ScreenId];

/** What the shop does and where, from its record: the home page's title and headline ("Accident repairs and resprays in Porthaven"). */
export function shopTitle(shop: Pick<Shop, 'town'>): string {
  return `Accident repairs and resprays in ${shop.town}`;
}

/**
 * A screen's title from its entry and what the page shows (the shop's record, the path's gallery's
 * name); empty while what it is made from is not known yet.
 */
export function titleOf(
  title: ScreenEntry['title'],
  facts: { shop?: Pick<Shop, 'town'> | undefined; galleryName?: string | undefined },
): string {
  if (typeof title === 'string') return title;
  return (title.from === 'shop' ? facts.shop && shopTitle(facts.shop) : facts.galleryName) ?? '';
}

/** The title of the page that is not there (the not-found screen, and the 404 answer's head). */
export const NOT_FOUND_TITLE = 'Page Not Found';

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/** The table as entries, each with its id, in the table's order. */
export const SCREEN_LIST: readonly (ScreenEntry & { id: ScreenId })[] = SCREEN_IDS.map((id) => ({ id, ...(SCREENS[id] as ScreenEntry) }));

/** Is the screen only for signed-in users? (Then it is noindex, out of robots.txt and guarded.) */
export function needsSignIn(access: ScreenAccess): boolean {
  return access === 'signedIn' || access === 'staff' || typeof access === 'object';
}

/** Is the screen's first HTML rendered by the server (a public page, or a sign-in screen's shell)? */
export function isServerRendered(screen: Pick<ScreenEntry, 'ssr' | 'shell' | 'private'>): boolean {
  return screen.ssr !== undefined || screen.shell === true || screen.private === true;
}

/**
 * The section an unknown address is in, for its not-found page: the first segment of the path when
 * a screen of the table starts with it (`/galleries/999` is in `/galleries`, whose menu link is
 * marked), else the site as a whole (''). Bounded by the table, so one prepared not-found page per
 * section serves every unknown address.
 */
export function notFoundSectionOf(pathname: string): string {
  const first = /^\/([^/]+)/.exec(pathname)?.[1];
  return first !== undefined && FIRST_SEGMENTS.has(first) ? `/${first}` : '';
}

/** The area a screen belongs to, if any. */
export function areaOf(screen: Pick<ScreenEntry, 'layout'>): ScreenArea | undefined {
  return screen.layout === 'account' || screen.layout === 'admin' ? screen.layout : undefined;
}

const FIRST_SEGMENTS = new Set(SCREEN_LIST.map((screen) => screen.path.split('/')[1]).filter((segment): segment is string => !!segment));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Paths without parameters, looked up directly (a page is asked for on every request). */
const BY_PATH = new Map(SCREEN_LIST.filter((screen) => !screen.path.includes(':')).map((screen) => [screen.path, screen]));

const MATCHERS = SCREEN_LIST.filter((screen) => screen.path.includes(':')).map((screen) => {
  const names: string[] = [];
  const source = screen.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { screen, names, pattern: new RegExp(`^${source}$`) };
});

/** A path without its trailing slashes (`/` stays `/`). */
export function cleanPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export interface ScreenMatch {
  screen: ScreenEntry & { id: ScreenId };
  params: Record<string, string>;
}

/** The screen at `pathname` (no query), with the path's parameters (still URL-encoded), or undefined. */
export function matchScreen(pathname: string): ScreenMatch | undefined {
  const clean = cleanPath(pathname);
  const exact = BY_PATH.get(clean);
  if (exact) return { screen: exact, params: {} };
  for (const { screen, names, pattern } of MATCHERS) {
    const found = pattern.exec(clean);
    if (found) return { screen, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
  }
  return undefined;
}

/** The area whose path `pathname` is inside (`/account/anything`), for a path no screen matches. */
export function areaAt(pathname: string): ScreenArea | undefined {
  const clean = cleanPath(pathname);
  return (Object.keys(SCREEN_AREAS) as ScreenArea[]).find((area) => {
    const base = SCREEN_AREAS[area].path;
    return clean === base || clean.startsWith(`${base}/`);
  });
}

/** `pattern` with its parameters filled in (`/galleries/:id`, {id: 3} → `/galleries/3`). */
export function pathOf(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${pattern} needs a value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
