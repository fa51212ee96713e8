// The HTML every page starts from: each public page's own head (title, description, canonical
// URL, Open Graph and Twitter tags with its main picture, the shop as JSON-LD), its body rendered
// by React on the server, and status 404 for an unknown path or a gallery a visitor may not see.
// Uses the client's real index.html template and the client's own server render (from source).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { contextFor, createAdmin, createGallery } from '#test/support/factories.ts';
import { getCurrentUser } from '#server/account/profile.service.ts';
import { queryLoader } from '#server/plugins/pages.ts';
import { appRouter } from '#server/router.ts';
import { PageShell, type RenderPage } from '#server/public-content/page-shell.ts';
import { renderPage } from '#client/entry-server.tsx';
import { ensureShop, seedDemoContent } from '#server/db/seed/seed.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { ABOUT_GALLERY_ID } from '#shared/limits.ts';
import { needsSignIn, NOT_FOUND_TITLE, SCREEN_AREAS, type RenderedScreenId } from '#shared/screens.ts';
import { disallowedPaths, sitemapXml } from '#server/public-content/crawler-files.ts';
import { screenPath, screensWhere, titleOf } from '#test/support/screens.ts';

const appUrl = 'https://www.harbourside.example';
let t: TestApp;
let shell: PageShell;
let clientDir: string;
let visibleId: number;
let hiddenId: number;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: appUrl });
  await seedDemoContent(t.deps.db, t.deps.storage, { isDemoContentOn: false });
  visibleId = (await createGallery(t.deps.db, t.deps.storage, { name: 'Camper <van> resprays', imageCount: 2 })).gallery.id;
  hiddenId = (await createGallery(t.deps.db, t.deps.storage, { name: 'Secret', hidden: true, imageCount: 1 })).gallery.id;
  await t.deps.publicContent.refresh();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-shell-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  shell = new PageShell(clientDir, { appUrl }, renderPage);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const render = (pathname: string) => shell.render(pathname, t.deps.publicContent.current());
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(html)?.[1] ?? '';
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>;

describe('the page shell', () => {
  it('gives every public page its title, description, canonical URL, social tags and the shop as JSON-LD', async () => {
    const pages = screensWhere((screen) => screen.ssr !== undefined && (typeof screen.title === 'string' || screen.title.from === 'shop'));
    expect(pages.length).toBeGreaterThan(5);
    for (const screen of pages) {
      const [pathname, title] = [screen.path, titleOf(screen)];
      expect(pathname).not.toContain(':');
      const { status, html } = await render(pathname);
      expect(status, pathname).toBe(200);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${title} | Harbourside Body &amp; Paint</title>`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${appUrl}${pathname}" />`);
      expect(html).toContain(`<meta property="og:url" content="${appUrl}${pathname}" />`);
      expect(rootOf(html), pathname).toContain('<main id="main"');
      expect(html).not.toContain('name="robots"');
      // A page offering a service (the quote form) names the shop as its provider.
      const data = screen.ssr?.service ? (jsonLdOf(html).provider as Record<string, any>) : jsonLdOf(html);
      expect(data).toMatchObject({
        '@type': 'AutoBodyShop',
        name: 'Harbourside Body & Paint',
        url: `${appUrl}/`,
        telephone: '01736 555 014',
        address: { '@type': 'PostalAddress', postalCode: 'TR19 4QX', addressCountry: 'GB' },
        geo: { '@type': 'GeoCoordinates' },
        sameAs: ['https://www.facebook.com/harboursidebodyandpaint'],
      });
      expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '17:00' });
      expect(data).not.toHaveProperty('aggregateRating');
      expect(data).not.toHaveProperty('review');
    }
    const home = (await render('/')).html;
    const image = t.deps.publicContent.current()!.widget('HomeImage1')!.image!;
    expect(home).toContain(`<meta property="og:image" content="${appUrl}${image.large_url}" />`);
    expect(home).toContain(`<meta property="og:image:width" content="${image.large_width}" />`);
    expect(home).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(jsonLdOf(home).image).toBe(`${appUrl}${image.large_url}`);
  });

  it('names a visible gallery in its title, escaped, with its picture', async () => {
    const { status, html } = await render(`/galleries/${visibleId}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Camper &lt;van&gt; resprays | Harbourside Body &amp; Paint</title>');
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/galleries/${visibleId}" />`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/www\.harbourside\.example\/media\/img\/[^"]+" \/>/);
    expect(html).not.toContain('<van>');
  });

  it('answers 404 for an unknown path, an unknown or hidden gallery, and a malformed gallery path', async () => {
    for (const pathname of ['/no-such-page', `/galleries/${hiddenId}`, '/galleries/999999', '/galleries/abc', '/galleries/1/2', '/%']) {
      const { status, html } = await render(pathname);
      expect(status, pathname).toBe(404);
      expect(html).toContain(`<title>${NOT_FOUND_TITLE} | Harbourside Body &amp; Paint</title>`);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  it('prepares one not-found page per section, rendered once however many unknown addresses ask', async () => {
    let renders = 0;
    const counting: RenderPage = (pathname, data) => {
      renders += 1;
      return renderPage(pathname, data);
    };
    const counted = new PageShell(clientDir, { appUrl }, counting);
    const snapshot = t.deps.publicContent.current();
    const site = await Promise.all(Array.from({ length: 50 }, (_, i) => counted.render(`/no-such-page-${i}`, snapshot)));
    expect(new Set(site).size).toBe(1);
    expect(renders).toBe(1);
    // The gallery section's marks Galleries in the menu, as the address it serves would.
    const galleries = await Promise.all(
      ['/galleries/999999', '/galleries/abc', `/galleries/${hiddenId}`].map((p) => counted.render(p, snapshot)),
    );
    expect(new Set(galleries).size).toBe(1);
    expect(renders).toBe(2);
    expect(rootOf(galleries[0]!.html)).toMatch(/<a [^>]*aria-current="page"[^>]*>Galleries<\/a>/);
    expect(rootOf(site[0]!.html)).not.toContain('aria-current="page"');
    expect(galleries[0]!.status).toBe(404);
  });

  it('gives the quote form its head, a place in the sitemap and the shop as the provider of its service', async () => {
    const { status, html } = await render('/quote');
    expect(status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/quote" />`);
    expect(html).toMatch(/<meta name="description" content="Ask Harbourside Body &amp; Paint for a free repair quote[^"]*" \/>/);
    expect(html).not.toContain('name="robots"');
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Service',
      url: `${appUrl}/quote`,
      provider: { '@type': 'AutoBodyShop', name: 'Harbourside Body & Paint', telephone: '01736 555 014' },
    });
    expect(sitemapXml(appUrl, { galleryIds: [], pagesChangedAt: null, galleryChangedAt: new Map() })).toContain(
      `<loc>${appUrl}/quote</loc>`,
    );
  });

  it('keeps every screen that is not a public page (sign-in, account, admin) out of search engines, with its own title', async () => {
    const screens = screensWhere((screen) => !screen.ssr);
    for (const screen of screens) {
      const { status, html } = await render(screenPath(screen));
      expect(status, screen.path).toBe(200);
      expect(html, screen.path).toContain('<meta name="robots" content="noindex" />');
      expect(html, screen.path).not.toContain('rel="canonical"');
      expect(html, screen.path).toContain(`<title>${titleOf(screen)} | Harbourside Body &amp; Paint</title>`);
    }
  });

  it('renders each sign-in screen once, as a shell with its form in the first HTML, whatever its query or parameters', async () => {
    const shells = screensWhere((screen) => screen.shell === true);
    expect(shells.map((screen) => screen.id)).toEqual(
      expect.arrayContaining(['login', 'register', 'forgotPassword', 'resetPassword', 'verifyEmail', 'twoFactorChallenge']),
    );
    for (const screen of shells) {
      const page = await render(screenPath(screen));
      const root = rootOf(page.html);
      expect(root, screen.path).toMatch(/<section class="card auth-card"[^>]*>.*<h2 id="auth-card-title"/s);
      expect(root, screen.path).not.toMatch(/page-loading|skeleton/);
      expect(page.html, screen.path).not.toMatch(/<script>/);
      expect(page.isShared, screen.path).toBe(true);
      expect(page.isPublic, screen.path).toBe(false);
    }
    expect(rootOf((await render('/login')).html)).toContain('name="password"');
    expect(rootOf((await render('/register')).html)).toContain('name="email"');
    // One page per screen: another token is the same page, and the token is not in it.
    const [a, b] = [await render('/reset-password/first-token'), await render('/reset-password/second-token')];
    expect(a).toBe(b);
    expect(a.html).not.toContain('first-token');
  });

  it('leaves the account and admin screens (and unknown paths inside their areas) for the client to render', async () => {
    const screens = screensWhere((screen) => !screen.ssr && !screen.shell);
    const areaPaths = Object.values(SCREEN_AREAS).map((area) => `${area.path}/no-such-screen`);
    for (const pathname of [...screens.map((screen) => screenPath(screen)), ...areaPaths]) {
      const { status, html } = await render(pathname);
      expect(status, pathname).toBe(200);
      expect(html, pathname).toContain('<meta name="robots" content="noindex" />');
      expect(html, pathname).not.toContain('rel="canonical"');
      expect(html, pathname).toContain('<div id="root"></div>');
    }
    for (const screen of screens) {
      expect((await render(screenPath(screen))).html).toContain(`<title>${titleOf(screen)} | Harbourside Body &amp; Paint</title>`);
    }
  });

  it('embeds the content the page reads first, in the shapes of the API, so the client need not ask again', async () => {
    const dataOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>;
    const snapshot = t.deps.publicContent.current()!;
    const home = dataOf((await render('/')).html);
    expect(home.widgets.map((w: { name: string }) => w.name)).toContain('HomeText1');
    expect(home.widgets.find((w: { name: string }) => w.name === 'HomeText1')).toEqual(snapshot.widget('HomeText1'));
    expect(home.testimonials).toEqual(snapshot.testimonials());
    expect(dataOf((await render('/galleries')).html).galleryList).toEqual(snapshot.galleryList());
    expect(dataOf((await render(`/galleries/${visibleId}`)).html).gallery).toEqual(JSON.parse(JSON.stringify(snapshot.gallery(visibleId))));
    // Every page's footer reads the shop's details, so every page embeds them.
    expect(home.shop).toEqual(snapshot.content.shop);
    // Every page's menu shows Galleries only with a visible gallery: every page says whether there
    // is one (a flag; the list itself is only on the galleries page).
    expect(home.hasGalleries).toBe(snapshot.galleryList().total > 0);
    expect(home.galleryList).toBeUndefined();
    expect(dataOf((await render('/no-such-page')).html)).toEqual({
      notFound: true,
      widgets: [],
      shop: snapshot.content.shop,
      hasGalleries: snapshot.galleryList().total > 0,
    });
    // Only what the page read: the home page's widgets are not in the About page, nor the other way round.
    const names = (data: Record<string, any>) => (data.widgets as { name: string }[]).map((w) => w.name);
    const about = dataOf((await render('/about')).html);
    expect(names(home)).not.toContain('AboutText');
    expect(names(about)).toEqual(expect.arrayContaining(['AboutText', 'AboutImage', 'AboutImage2', 'AboutText2']));
    expect(names(about)).not.toContain('HomeText1');
    expect(about.testimonials).toBeUndefined();
    // The About page's gallery does not exist here: the page says so, and its slider shows nothing without asking.
    expect(about.unavailableGalleryId).toBe(ABOUT_GALLERY_ID);
    expect(about.gallery).toBeUndefined();
    expect((await render('/admin')).html).not.toContain('id="initial-data"');
  });

  it('cannot be broken out of by content: "<" is escaped inside the data and JSON-LD blocks', async () => {
    await t.deps.db.updateTable('widgets').set({ alt: '</script><script>alert(1)</script>' }).where('name', '=', 'HomeImage1').execute();
    await t.deps.publicContent.refresh();
    const { html } = await render('/');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it('follows the snapshot: a renamed gallery is renamed in the next page', async () => {
    await t.deps.db.updateTable('galleries').set({ name: 'Renamed' }).where('id', '=', visibleId).execute();
    await t.deps.publicContent.refresh();
    expect((await render(`/galleries/${visibleId}`)).html).toContain('<title>Renamed | Harbourside Body &amp; Paint</title>');
  });

  it('takes the footer, titles and JSON-LD from the shop record, and follows its changes', async () => {
    const hours = JSON.stringify({
      monday: [{ opens: '07:30', closes: '16:00' }],
      tuesday: [{ opens: '07:30', closes: '16:00' }],
      wednesday: [],
      thursday: [{ opens: '07:30', closes: '16:00' }],
      friday: [{ opens: '07:30', closes: '16:00' }],
      saturday: [{ opens: '10:00', closes: '12:00' }],
      sunday: [],
    });
    const closures = JSON.stringify([{ from: '2027-01-01', to: '2027-01-01', note: "New Year's Day" }]);
    await t.deps.db
      .updateTable('shop')
      .set({ name: 'Penwith Panels', telephone: '01736 999 999', opening_hours: hours, closures, social_links: '[]' })
      .execute();
    await t.deps.publicContent.refresh();
    try {
      const { html } = await render('/services');
      expect(html).toContain('<title>Services | Penwith Panels</title>');
      expect(html).toContain('<meta property="og:site_name" content="Penwith Panels" />');
      const footer = /<footer class="site-footer[^"]*">(.*?)<\/footer>/s.exec(rootOf(html))?.[1] ?? '';
      expect(footer).toContain('Penwith Panels');
      expect(footer).toContain('<dt>Monday and Tuesday</dt><dd>7:30am to 4pm</dd>');
      expect(footer).toContain('<dt>Wednesday</dt><dd>Closed</dd>');
      expect(footer).toContain('<dt>Saturday</dt><dd>10am to 12pm</dd>');
      expect(footer).toContain('href="tel:01736999999"');
      const data = jsonLdOf(html);
      expect(data.name).toBe('Penwith Panels');
      expect(data.telephone).toBe('01736 999 999');
      expect(data.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: [
            'https://schema.org/Monday',
            'https://schema.org/Tuesday',
            'https://schema.org/Thursday',
            'https://schema.org/Friday',
          ],
          opens: '07:30',
          closes: '16:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '10:00', closes: '12:00' },
      ]);
      // A closure is a special opening hours entry with no opens: closed (schema.org).
      expect(data.specialOpeningHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', validFrom: '2027-01-01', validThrough: '2027-01-01', description: "New Year's Day" },
      ]);
      expect(data).not.toHaveProperty('sameAs');
    } finally {
      // Back to the seeded record for the other cases.
      await t.deps.db.deleteFrom('shop').execute();
      await ensureShop(t.deps.db);
      await t.deps.publicContent.refresh();
      expect(t.deps.publicContent.current()!.content.shop).toEqual(defaultShop);
    }
  });

  it('renders the content of each public page into its first HTML, with its main picture preloaded in the head', async () => {
    const snapshot = t.deps.publicContent.current()!;
    const textOf = (name: string) => /<p>([^<]{12,})/.exec(snapshot.widget(name)!.html ?? '')?.[1];
    // An earlier case renames it.
    const galleryName = snapshot.gallery(visibleId)!.name.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // What each page the server renders shows (TypeScript asks for a new one's).
    const shows: Record<RenderedScreenId, string[]> = {
      home: [
        'Welcome to Harbourside Body &amp; Paint',
        '<h1 class="hero__title">Accident repairs and resprays in Porthaven</h1>',
        'Vehicle body shop repairs and paint service in Porthaven',
        textOf('HomeText1')!,
        // No testimonials here: the band is not shown (test/public-content/empty-sections.test.ts).
      ],
      // Gallery 5 does not exist here: no "From the workshop" band (test/public-content/content-on-pages.test.ts).
      about: ['About Us', textOf('AboutText')!],
      services: ['Services', textOf('ServicesText')!],
      galleries: ['Photo Galleries', galleryName],
      gallery: [galleryName],
      contact: ['Contact', 'Unit 4, Quay Road Industrial Estate'],
      terms: ['Terms and Conditions', textOf('Terms')!],
      privacy: ['Privacy Policy', textOf('PrivacyPolicy')!],
      quote: ['Get a quote', 'Your name', 'Describe the damage'],
      book: ['Book a visit', 'What do you need?', 'Estimate visit', 'Drop-off', 'On-site visit', 'Next free estimate: '],
    };
    for (const screen of screensWhere((entry) => entry.ssr !== undefined)) {
      const pathname = screenPath(screen, { gallery: { id: visibleId } });
      const texts = shows[screen.id as RenderedScreenId];
      const { html } = await render(pathname);
      const root = rootOf(html);
      for (const text of texts) expect(root, `${pathname}: ${text}`).toContain(text);
      // Every public page ends with the prompt to get a quote or call, and has the phone's call bar
      //; the quote form itself has neither (its entry says callsToAction: false).
      if ('callsToAction' in screen && screen.callsToAction === false) {
        expect(root, pathname).not.toContain('class="call-bar"');
        expect(root, pathname).not.toContain('class="next-step"');
      } else {
        expect(root, pathname).toMatch(/<section class="next-step".*<a href="\/quote"[^>]*>Get a quote<\/a>/s);
        expect(root, pathname).toContain('<nav class="call-bar" aria-label="Call, get a quote or book">');
        expect(root, pathname).toContain('<a href="/book" class="call-bar__link call-bar__link--book">Book</a>');
        expect(root, pathname).toContain(
          '<a href="tel:01736555014" class="call-bar__link call-bar__link--call" aria-label="Call Harbourside Body &amp; Paint on 01736 555 014">',
        );
      }
      // Nothing still loading: the skeletons are what the browser shows before its data, never in a rendered page.
      expect(root, pathname).not.toMatch(/widget--loading|skeleton/);
      expect(root, pathname).not.toContain('<link rel="preload"');
      // The site's Content-Security-Policy runs no inline script: React must not have needed one.
      expect(html, pathname).not.toMatch(/<script>/);
    }
    const head = (await render('/')).html.split('<body>')[0]!;
    expect(head).toMatch(/<link rel="preload" as="image" [^>]*fetchPriority="high"/);
  });

  it('renders the not-found page for an unknown address, and leaves the admin screens to the client', async () => {
    expect(rootOf((await render('/no-such-page')).html)).toContain('Page Not Found');
    expect(rootOf((await render(`/galleries/${hiddenId}`)).html)).toContain('Error 404');
    expect((await render('/admin')).html).toContain('<div id="root"></div>');
  });

  it('walks the route table: every public entry rendered with its head and content, in the sitemap; every private one noindex and out of robots.txt', async () => {
    const snapshot = t.deps.publicContent.current()!;
    const sitemap = sitemapXml(appUrl, { galleryIds: [visibleId], pagesChangedAt: null, galleryChangedAt: new Map() });
    for (const screen of screensWhere((entry) => entry.ssr !== undefined)) {
      const pathname = screenPath(screen, { gallery: { id: visibleId } });
      const { status, html } = await render(pathname);
      const title = titleOf(screen, snapshot.gallery(visibleId)!.name);
      expect(status, pathname).toBe(200);
      expect(html, pathname).toContain(
        `<title>${title.replace(/</g, '&lt;').replace(/>/g, '&gt;')} | Harbourside Body &amp; Paint</title>`,
      );
      expect(html, pathname).toMatch(/<meta name="description" content="[^"]{10,}" \/>/);
      expect(html, pathname).toContain(`<link rel="canonical" href="${appUrl}${pathname}" />`);
      expect(html, pathname).not.toContain('name="robots"');
      const root = rootOf(html);
      expect(root, pathname).toMatch(/<main id="main"[^>]*>.*<h1[ >]/s);
      expect(root, pathname).not.toMatch(/widget--loading|skeleton|page-loading/);
      expect(sitemap, pathname).toContain(`<loc>${appUrl}${pathname}</loc>`);
    }
    const disallowed = disallowedPaths();
    for (const screen of screensWhere((entry) => needsSignIn(entry.access))) {
      const pathname = screenPath(screen);
      expect((await render(pathname)).html, pathname).toContain('<meta name="robots" content="noindex" />');
      expect(
        disallowed.some((prefix) => pathname.startsWith(prefix)),
        pathname,
      ).toBe(true);
      expect(sitemap, pathname).not.toContain(pathname);
    }
  });

  it('renders every account and admin screen for the user who asks, with the data its first render asks for', async () => {
    const admin = await createAdmin(t.deps.db, { email: 'shell-admin@example.com' });
    const user = (await getCurrentUser(t.deps, admin.id)).data;
    const loadQuery = queryLoader(appRouter, await contextFor(t, admin.id, { passwordConfirmed: true }));
    const errors: unknown[] = [];
    const logged = new PageShell(clientDir, { appUrl }, renderPage, { error: (details) => void errors.push(details) });
    const widgetId = t.deps.publicContent.current()!.content.widgets[0]!.id;
    const screens = screensWhere((screen) => screen.layout === 'account' || screen.layout === 'admin');
    expect(screens.length).toBeGreaterThan(10);
    for (const screen of screens) {
      const pathname = screenPath(screen, { adminUser: { id: admin.id }, adminWidget: { id: widgetId }, adminGallery: { id: visibleId } });
      const { status, html } = await logged.renderWithSession(pathname, t.deps.publicContent.current(), { data: user }, loadQuery);
      expect(errors, pathname).toEqual([]);
      expect(status, pathname).toBe(200);
      expect(rootOf(html).length, pathname).toBeGreaterThan(200);
      expect(html, pathname).toContain(`<script type="application/json" id="session-user">{"data":{"id":${admin.id},`);
      // Rendered after its page loads, not with it: the picture and text paint first.
      expect(html, pathname).not.toContain('rel="modulepreload"');
    }
    // The users list was answered on the server: its rows are in the HTML and in the data the browser starts with.
    const { html } = await logged.renderWithSession('/admin/users', t.deps.publicContent.current(), { data: user }, loadQuery);
    expect(rootOf(html)).toContain('shell-admin@example.com');
    expect(html).toContain('[["users","list"],{"input":{"search":"","page":1},"type":"query"}],{"data":[{"id":');
  });

  it('sends an account screen for nobody as the empty shell, naming nobody', async () => {
    const { html } = await shell.renderWithSession('/account', t.deps.publicContent.current(), { data: null });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="application/json" id="session-user">{"data":null}</script>');
  });

  it('sends a page it cannot render for the client to render, and logs why', async () => {
    const errors: string[] = [];
    const failing: RenderPage = () => Promise.reject(new Error('render broke'));
    const broken = new PageShell(clientDir, { appUrl }, failing, { error: (_details, message) => void errors.push(message) });
    const page = await broken.render('/about', t.deps.publicContent.current());
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.html).toContain('<title>About Us | Harbourside Body &amp; Paint</title>');
    expect(errors).toHaveLength(1);
  });

  it('renders a page once per content version, however many ask at once', async () => {
    let renders = 0;
    const counting: RenderPage = (pathname, data) => {
      renders += 1;
      return renderPage(pathname, data);
    };
    const counted = new PageShell(clientDir, { appUrl }, counting);
    const snapshot = t.deps.publicContent.current();
    const pages = await Promise.all(Array.from({ length: 20 }, () => counted.render('/services', snapshot)));
    expect(new Set(pages.map((p) => p.html)).size).toBe(1);
    expect(renders).toBe(1);
  });
});
