/**
 * The first HTML of the public pages from the built server: each page's head, structured data and
 * content are there before any script runs, the browser takes the page over without replacing it
 * and without a React warning, an unknown path answers 404 and still shows the Not-found screen,
 * and a signed-out visit logs nothing in the console (no 401 from the session probe).
 */
import { describe, expect, test } from 'vitest';
import { shareSession } from './support/flows.ts';
import { useJourney } from './support/journey.ts';
import { visible } from './support/ui.ts';
import { screenPath, screensWhere } from '#test/support/screens.ts';

const j = useJourney(import.meta.filename);

describe('public pages in the first HTML', () => {
  test('the home page and a gallery carry their head and the shop as JSON-LD; an unknown path is a 404', async () => {
    await fetch(j.url('/healthz'));
    const home = await fetch(j.url('/'));
    expect(home.status).toBe(200);
    // Served from the page cache with the same security headers as every other answer.
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    // Compressed once when made (Node's fetch asks for gzip and decodes it; a browser also gets br).
    expect(home.headers.get('content-encoding')).toBe('gzip');
    const brotli = await fetch(j.url('/'), { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toContain('</html>');
    expect(home.headers.get('vary')).toContain('Accept-Encoding');
    const html = await home.text();
    expect(html).toContain('</html>');
    expect(html).toContain('<title>Accident repairs and resprays in Porthaven | Harbourside Body &amp; Paint</title>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/" \/>/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/img\/[^"]+"/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as { '@type': string };
    expect(jsonLd['@type']).toBe('AutoBodyShop');

    const list = await j.api().expect('GET', '/api/galleries?hidden=false', [200]);
    const gallery = list.body.results[0] as { id: number; name: string };
    const galleryHtml = await (await fetch(j.url(`/galleries/${gallery.id}`))).text();
    expect(galleryHtml).toContain(`| Harbourside Body &amp; Paint</title>`);
    expect(galleryHtml).toContain(`/galleries/${gallery.id}" />`);

    const missing = await fetch(j.url('/no-such-page'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
    expect((await fetch(j.url('/galleries/999999'))).status).toBe(404);
    const robots = await fetch(j.url('/robots.txt'));
    expect(await robots.text()).toContain('Disallow: /admin');
  });

  test('a signed-out visit logs no console error and no 401, and the Not-found screen still shows on a 404', async () => {
    const { page } = j;
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.${m.type()}: ${m.text()}`);
    });
    const contentRequests: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) problems.push(`401 from ${r.url()}`);
      if (/\/trpc\/.*(widgets\.byKey|testimonials\.list)/.test(r.url())) contentRequests.push(r.url());
    });
    await j.step('open the home page signed out: its content comes with the page', async () => {
      await page.goto(j.url('/'));
      await visible(page.getByRole('heading', { name: 'Accident repairs and resprays in Porthaven' }));
      await visible(page.getByRole('region', { name: 'Customer reviews' }));
      expect(contentRequests).toEqual([]);
    });
    await j.step('open an unknown path', async () => {
      const response = await page.goto(j.url('/no-such-page'));
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { name: 'Error 404' }));
      expect(await page.title()).toBe('Page Not Found | Harbourside Body & Paint');
    });
    // A 404 page load is reported by Chromium as a console error about the document itself.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test('every public page arrives rendered, and the browser takes it over without a warning, a request for its content or a re-render', async () => {
    const { page } = j;
    const list = await j.api().expect('GET', '/api/galleries?hidden=false', [200]);
    const galleryId = (list.body.results[0] as { id: number }).id;
    // Every page the route table has the server render (src/shared/screens.ts), and two that are not there.
    const rendered = screensWhere((screen) => screen.ssr !== undefined).map((screen): [string, string, number] => [
      screenPath(screen, { gallery: { id: galleryId } }),
      typeof screen.title === 'string' ? screen.title : '',
      200,
    ]);
    const pages: [string, string, number][] = [...rendered, ['/no-such-page', 'Error 404', 404], ['/galleries/999999', 'Error 404', 404]];
    // Before any page script: note every element the page's scripts take out of the document. A
    // hydrated page keeps the server's elements; a page the client rendered again replaces them.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedByScripts: string[] }).removedByScripts = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [pathname, heading, status] of pages) {
      await j.step(`open ${pathname}`, async () => {
        const firstHtml = await (await fetch(j.url(pathname))).text();
        const root = /<div id="root">(.*?)<\/div>\n/s.exec(firstHtml)?.[1] ?? '';
        expect(root, pathname).toMatch(/<main id="main"[^>]*>.*<h1[ >]/s);
        if (heading) expect(root, pathname).toContain(heading);
        // The page names only the boot script: the application's code is asked for after the
        // first paint (src/client/main.tsx), so neither it nor its chunks are preloaded.
        expect(firstHtml.match(/<script type="module"[^>]*>/g), pathname).toEqual([
          expect.stringMatching(/src="\/assets\/index-[^"]+\.js"/),
        ]);
        expect(firstHtml, pathname).not.toContain('modulepreload');

        const problems: string[] = [];
        const onConsole = (m: { type(): string; text(): string }) => {
          if ((m.type() === 'error' || m.type() === 'warning') && !/status of 404/.test(m.text()))
            problems.push(`${m.type()}: ${m.text()}`);
        };
        const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
        const contentRequests: string[] = [];
        const onRequest = (r: { url(): string }) => {
          if (/\/trpc\//.test(r.url()) && !r.url().includes('session.current')) contentRequests.push(r.url());
        };
        page.on('console', onConsole);
        page.on('pageerror', onPageError);
        page.on('request', onRequest);
        const response = await page.goto(j.url(pathname), { waitUntil: 'networkidle' });
        expect(response?.status(), pathname).toBe(status);
        // The browser's scripts have run: the session probe went out once the page was live.
        await page.waitForFunction(() => document.querySelector('.site-nav__link--cta') !== null);
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
        page.off('request', onRequest);
        expect(problems, pathname).toEqual([]);
        expect(contentRequests, pathname).toEqual([]);
        expect(await page.evaluate(() => (window as unknown as { removedByScripts: string[] }).removedByScripts), pathname).toEqual([]);
      });
    }
  });

  test('a signed-in visitor gets the same rendered page, and their own header once the page is live', async () => {
    const { page, context } = j;
    await shareSession(context, await j.adminApi());
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto(j.url('/about'));
    await visible(page.getByRole('heading', { name: 'About Us' }));
    await visible(page.getByRole('link', { name: 'My Account' }));
    expect(problems).toEqual([]);
  });
});
