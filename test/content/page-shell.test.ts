// The shell every page starts from: each public page's own head (title, description, canonical
// URL, Open Graph and Twitter tags with its main picture, the shop as JSON-LD) and status 404 for
// an unknown path or a gallery a visitor may not see. Uses the client's real index.html template.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createGallery } from '#test/support/factories.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { seedDemoContent } from '#server/db/seed/seed.ts';

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
  shell = new PageShell(clientDir, { appUrl });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const render = (pathname: string) => shell.render(pathname, t.deps.publicContent.current());
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>;

describe('the page shell', () => {
  it('gives every public page its title, description, canonical URL, social tags and the shop as JSON-LD', () => {
    const pages: [string, string][] = [
      ['/', 'Home'],
      ['/about', 'About Us'],
      ['/services', 'Services'],
      ['/galleries', 'Photo Galleries'],
      ['/contact', 'Contact'],
      ['/legal/terms', 'Terms and Conditions'],
      ['/legal/privacy', 'Privacy Policy'],
    ];
    for (const [pathname, title] of pages) {
      const { status, html } = render(pathname);
      expect(status, pathname).toBe(200);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${title} | Harbourside Body &amp; Paint</title>`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${appUrl}${pathname}" />`);
      expect(html).toContain(`<meta property="og:url" content="${appUrl}${pathname}" />`);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('name="robots"');
      const data = jsonLdOf(html);
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
    const home = render('/').html;
    const image = t.deps.publicContent.current()!.widget('HomeImage1')!.image!;
    expect(home).toContain(`<meta property="og:image" content="${appUrl}${image.large_url}" />`);
    expect(home).toContain(`<meta property="og:image:width" content="${image.large_width}" />`);
    expect(home).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(jsonLdOf(home).image).toBe(`${appUrl}${image.large_url}`);
  });

  it('names a visible gallery in its title, escaped, with its picture', () => {
    const { status, html } = render(`/galleries/${visibleId}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Camper &lt;van&gt; resprays | Harbourside Body &amp; Paint</title>');
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/galleries/${visibleId}" />`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/www\.harbourside\.example\/media\/img\/[^"]+" \/>/);
    expect(html).not.toContain('<van>');
  });

  it('answers 404 for an unknown path, an unknown or hidden gallery, and a malformed gallery path', () => {
    for (const pathname of ['/no-such-page', `/galleries/${hiddenId}`, '/galleries/999999', '/galleries/abc', '/galleries/1/2', '/%']) {
      const { status, html } = render(pathname);
      expect(status, pathname).toBe(404);
      expect(html).toContain('<title>Page Not Found | Harbourside Body &amp; Paint</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  it('keeps sign-in, account and admin screens out of search engines', () => {
    for (const pathname of ['/login', '/register', '/account', '/account/profile', '/admin', '/admin/widgets/3', '/reset-password/abc']) {
      const { status, html } = render(pathname);
      expect(status, pathname).toBe(200);
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('embeds the content the page reads first, in the shapes of the API, so the client need not ask again', () => {
    const dataOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>;
    const snapshot = t.deps.publicContent.current()!;
    const home = dataOf(render('/').html);
    expect(home.widgets.map((w: { name: string }) => w.name)).toContain('HomeText1');
    expect(home.widgets.find((w: { name: string }) => w.name === 'HomeText1')).toEqual(snapshot.widget('HomeText1'));
    expect(home.testimonials).toEqual(snapshot.testimonials());
    expect(dataOf(render('/galleries').html).galleryList).toEqual(snapshot.galleryList());
    expect(dataOf(render(`/galleries/${visibleId}`).html).gallery).toEqual(JSON.parse(JSON.stringify(snapshot.gallery(visibleId))));
    expect(render('/no-such-page').html).not.toContain('id="initial-data"');
    expect(render('/login').html).not.toContain('id="initial-data"');
  });

  it('cannot be broken out of by content: "<" is escaped inside the data and JSON-LD blocks', async () => {
    await t.deps.db.updateTable('widgets').set({ alt: '</script><script>alert(1)</script>' }).where('name', '=', 'HomeImage1').execute();
    await t.deps.publicContent.refresh();
    const { html } = render('/');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it('follows the snapshot: a renamed gallery is renamed in the next page', async () => {
    await t.deps.db.updateTable('galleries').set({ name: 'Renamed' }).where('id', '=', visibleId).execute();
    await t.deps.publicContent.refresh();
    expect(render(`/galleries/${visibleId}`).html).toContain('<title>Renamed | Harbourside Body &amp; Paint</title>');
  });
});
