// What visitors see of the content: shop-detail placeholders filled from the shop record (in the
// public snapshot's API answers, in the server's page render, and again after a shop change; kept
// raw for the admin's editor and by the sanitiser), and a site without demo content that shows no
// empty band, menu item or slider until it has something to show.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, createTestimonial } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import { seedDemoContent } from '#server/db/seed/seed.ts';
import { defaultShop } from '#server/db/seed/default-shop.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import { PageShell } from '#server/public-content/page-shell.ts';
import { renderPage } from '#client/entry-server.tsx';
import { ABOUT_GALLERY_ID } from '#shared/limits.ts';
import { fillShopDetails, SHOP_DETAILS } from '#shared/shop-details.ts';
import type { Shop } from '#shared/schemas/shop.ts';

let t: TestApp;
let admin: TestClient;
let shell: PageShell;
let clientDir: string;
const anon = () => new TestClient(t.app);

beforeAll(async () => {
  t = await createTestApp();
  // A site started without demo content (DEMO_CONTENT off, as on PostgreSQL by default).
  await seedDemoContent(t.deps.db, t.deps.storage, { isDemoContentOn: false });
  await t.deps.publicContent.refresh();
  ({ client: admin } = await adminClient(t));
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-content-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../src/client/index.html'), path.join(clientDir, 'index.html'));
  shell = new PageShell(clientDir, { appUrl: 'http://localhost:3000' }, renderPage);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\n {4}<script type="application\/json"/s.exec(html)?.[1] ?? '';
const pageRoot = async (pathname: string) => rootOf((await shell.render(pathname, t.deps.publicContent.current())).html);
const saturday = (shop: Shop, hours: Shop['openingHours']['saturday']): Shop =>
  structuredClone({ ...shop, openingHours: { ...shop.openingHours, saturday: hours } });

describe('shop-detail placeholders', () => {
  it('the sanitiser keeps a placeholder, empty, and nothing else new', () => {
    expect(sanitizeRichText('<p>Call <span data-shop-detail="telephone">01234 999</span> today</p>')).toBe(
      '<p>Call <span data-shop-detail="telephone"></span> today</p>',
    );
    for (const detail of SHOP_DETAILS)
      expect(sanitizeRichText(`<p><span data-shop-detail="${detail}"></span></p>`)).toBe(
        `<p><span data-shop-detail="${detail}"></span></p>`,
      );
    // An unknown detail, other data- attributes, handlers and styles on a placeholder go.
    expect(sanitizeRichText('<p><span data-shop-detail="password" data-x="1">x</span></p>')).toBe('<p><span>x</span></p>');
    expect(sanitizeRichText('<p><span data-shop-detail="town" style="color:red" onclick="alert(1)">Old</span></p>')).toBe(
      '<p><span data-shop-detail="town"></span></p>',
    );
    expect(sanitizeVideoHtml('<p><span data-shop-detail="email"><a href="mailto:a@b.test">a@b.test</a></span></p>')).toBe(
      '<p><span data-shop-detail="email"></span></p>',
    );
    expect(sanitizeRichText('<p><span style="color:#f00">red</span></p>')).toBe('<p><span style="color:#f00">red</span></p>');
  });

  it('fills each detail from the record, escaped, and today’s status only with a moment', () => {
    const shop: Shop = { ...defaultShop, town: 'St <Ives>', email: 'a@b.test' };
    const html = SHOP_DETAILS.map((d) => `<span data-shop-detail="${d}"></span>`).join('|');
    const filled = fillShopDetails(html, shop, null);
    expect(filled).toContain('<span data-shop-detail="town">St &lt;Ives&gt;</span>');
    expect(filled).toContain('<span data-shop-detail="telephone"><a href="tel:01736555014">01736 555 014</a></span>');
    expect(filled).toContain('<span data-shop-detail="email"><a href="mailto:a@b.test">a@b.test</a></span>');
    expect(filled).toContain(
      '<span data-shop-detail="address">Unit 4, Quay Road Industrial Estate, St &lt;Ives&gt;, Cornwall, TR19 4QX</span>',
    );
    expect(filled).toContain('<span data-shop-detail="openingHours">Monday to Friday, 9am to 5pm; Saturday and Sunday, closed</span>');
    expect(filled).toContain('<span data-shop-detail="todayStatus"></span>');
    // Filling again (a changed shop, the clock) replaces what was there; Tuesday 24 Nov 2026 10:00 in London.
    const later = fillShopDetails(filled, { ...shop, town: 'Hayle' }, new Date('2026-11-24T10:00:00Z'));
    expect(later).toContain('<span data-shop-detail="town">Hayle</span>');
    expect(later).toContain('<span data-shop-detail="todayStatus">Open now, closes at 5pm</span>');
  });

  it('answers the public read with the details filled, and the admin’s read with the placeholders', async () => {
    const read = await anon().get('/api/widgets/HomeTextBottom');
    expect(read.status).toBe(200);
    expect(read.body.html).toContain(
      '<span data-shop-detail="address">Unit 4, Quay Road Industrial Estate, Porthaven, Cornwall, TR19 4QX</span>',
    );
    expect(read.body.html).toContain(
      '<span data-shop-detail="openingHours">Monday to Friday, 9am to 5pm; Saturday and Sunday, closed</span>',
    );
    const raw = await admin.get(`/api/widgets/${read.body.id}`);
    expect(raw.body.html).toContain('<span data-shop-detail="address"></span>');
    expect(raw.body.html).not.toContain('Quay Road');
  });

  it('renders them into the server’s page, and follows a change of the Saturday hours and the number at once', async () => {
    const before = await pageRoot('/');
    expect(before).toContain('Monday to Friday, 9am to 5pm; Saturday and Sunday, closed');
    const shop = (await anon().get('/api/shop')).body as Shop;
    const changed = { ...saturday(shop, [{ opens: '09:00', closes: '12:00' }]), telephone: '01209 123 456' };
    expect((await admin.put('/api/shop', { json: changed })).status).toBe(200);

    const read = await anon().get('/api/widgets/HomeText1');
    expect(read.body.html).toContain('Monday to Friday, 9am to 5pm; Saturday, 9am to 12pm; Sunday, closed');
    expect(read.body.html).toContain('<a href="tel:01209123456">01209 123 456</a>');
    const after = await pageRoot('/');
    expect(after).toContain('Monday to Friday, 9am to 5pm; Saturday, 9am to 12pm; Sunday, closed');
    expect(after).not.toContain('Saturday and Sunday, closed');
    // The footer follows too (it always did), so every place with the hours says the same.
    expect(after).toMatch(/<dt>Saturday<\/dt><dd>9am to 12pm<\/dd>/);
    const services = await pageRoot('/services');
    expect(services).toContain('01209 123 456');
    expect((await admin.put('/api/shop', { json: shop })).status).toBe(200);
  });
});

describe('a site without demo content', () => {
  it('names no address, number or e-mail of its own once the shop record is the admin’s', async () => {
    const shop = (await anon().get('/api/shop')).body as Shop;
    const own: Shop = {
      ...shop,
      name: 'Penwith Panels',
      addressLines: ['2 Mill Lane'],
      town: 'Hayle',
      postcode: 'TR27 4AA',
      telephone: '01736 222 333',
      email: 'hello@penwith.test',
      tagline: 'Bodywork in Hayle',
    };
    expect((await admin.put('/api/shop', { json: own })).status).toBe(200);
    for (const pathname of ['/', '/about', '/services', '/galleries', '/contact', '/legal/terms', '/legal/privacy']) {
      const root = await pageRoot(pathname);
      expect(root, pathname).not.toMatch(/Harbourside|Porthaven|Quay Road|TR19|01736 555 014|harbourside-bodyshop/);
    }
    expect(await pageRoot('/')).toContain('2 Mill Lane, Hayle, Cornwall, TR27 4AA');
    expect((await admin.put('/api/shop', { json: shop })).status).toBe(200);
  });

  it('shows no testimonials band, Galleries menu item or workshop slider with nothing in them', async () => {
    const home = await pageRoot('/');
    expect(home).not.toContain('What our customers say');
    expect(home).not.toContain('href="/galleries"');
    expect(await pageRoot('/about')).not.toContain('From the workshop');
    const galleries = await pageRoot('/galleries');
    expect(galleries).toContain('There are no photos to show yet.');
    expect(galleries).not.toContain('href="/galleries"');
  });

  it('shows each once it has something: a testimonial, a visible gallery, the workshop’s gallery', async () => {
    // A hidden gallery is not something to show.
    await createGallery(t.deps.db, t.deps.storage, { name: 'Private', hidden: true, imageCount: 1 });
    await t.deps.publicContent.refresh();
    expect(await pageRoot('/')).not.toContain('href="/galleries"');

    await createTestimonial(t.deps.db, { name: 'Jo', review: '<p>Spotless work.</p>' });
    let id = 0;
    while (id < ABOUT_GALLERY_ID)
      id = (await createGallery(t.deps.db, t.deps.storage, { name: `Workshop ${id}`, imageCount: 1 })).gallery.id;
    await t.deps.publicContent.refresh();
    const home = await pageRoot('/');
    expect(home).toContain('What our customers say');
    expect(home).toContain('Spotless work.');
    expect(home).toMatch(/<a href="\/galleries" class="site-nav__link">Galleries<\/a>/);
    expect(await pageRoot('/about')).toContain('From the workshop');
    expect(await pageRoot('/galleries')).not.toContain('There are no photos to show yet.');
  });
});
