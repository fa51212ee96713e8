// robots.txt and sitemap.xml: the public pages and every visible gallery, at APP_URL, with
// lastmod from the content; the admin area, the account pages and the APIs kept out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createGallery, createWidget } from '#test/support/factories.ts';
import { screensWhere } from '#test/support/screens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://www.harbourside.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('robots.txt', () => {
  it('allows the public pages, keeps the admin area, the account and the APIs out, and names the sitemap', async () => {
    const res = await new TestClient(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /account',
        'Disallow: /confirm-password',
        'Disallow: /reset-password/',
        'Disallow: /two-factor-challenge',
        'Disallow: /api/',
        'Disallow: /trpc/',
      ]),
    );
    // One line per area, not one per screen inside it; nothing a visitor is linked to (Login, the quote form).
    expect(lines.filter((line) => line.startsWith('Disallow: /account'))).toEqual(['Disallow: /account']);
    expect(lines.filter((line) => /^Disallow: \/(login|register|quote|legal)/.test(line))).toEqual([]);
    expect(lines).toContain('Sitemap: https://www.harbourside.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and the visible galleries with lastmod, never a hidden one', async () => {
    await createWidget(t.deps.db, { name: 'SitemapText' });
    const { gallery: visible } = await createGallery(t.deps.db, t.deps.storage, { name: 'Visible', imageCount: 1 });
    const { gallery: empty } = await createGallery(t.deps.db, t.deps.storage, { name: 'Visible but empty' });
    const { gallery: hidden } = await createGallery(t.deps.db, t.deps.storage, { name: 'Hidden', hidden: true, imageCount: 1 });
    const res = await new TestClient(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(
      res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = 'https://www.harbourside.example';
    const pages = screensWhere((screen) => screen.ssr !== undefined && !screen.path.includes(':'));
    expect(pages.map((screen) => screen.path)).toEqual(expect.arrayContaining(['/', '/about', '/galleries', '/legal/privacy']));
    for (const { path } of pages) expect(locs).toContain(base + path);
    // Nothing the server does not render (sign-in, account, admin, the quote form).
    for (const { path } of screensWhere((screen) => !screen.ssr)) expect(locs).not.toContain(base + path);
    expect(locs).toContain(`${base}/galleries/${visible.id}`);
    expect(locs).toContain(`${base}/galleries/${empty.id}`);
    expect(locs).not.toContain(`${base}/galleries/${hidden.id}`);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.text).toContain(`<loc>${base}/galleries/${visible.id}</loc><lastmod>${today}</lastmod>`);
    expect(res.text).toContain(`<loc>${base}/</loc><lastmod>${today}</lastmod>`);
    expect(res.text).not.toMatch(/<lastmod>(?!\d{4}-\d{2}-\d{2}<)/);
  });
});
