// /api/docs: Swagger UI over /api/openapi.json's document, served from this server under the site's CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** The src and href of the page's scripts and stylesheets, resolved against the page's URL. */
function assetsOf(html: string, pageUrl: string) {
  const base = new URL(pageUrl, 'http://localhost:3000');
  const resolve = (ref: string) => new URL(ref, base).pathname;
  return {
    scripts: [...html.matchAll(/<script\b[^>]*>/g)].map((m) => /\bsrc="([^"]+)"/.exec(m[0])?.[1]),
    styles: [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => resolve(/\bhref="([^"]+)"/.exec(m[0])![1]!)),
    resolve,
  };
}

describe('the API reference page', () => {
  it('answers 200 HTML at /api/docs and /api/docs/, titled for the shop', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await client.get(url, { headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.text).toContain('<title>Harbourside Body & Paint API</title>');
      expect(res.text).toContain('<div id="swagger-ui"></div>');
    }
  });

  it('loads only its own scripts and stylesheets from this server, with the right content types', async () => {
    for (const pageUrl of ['/api/docs', '/api/docs/']) {
      const html = (await client.get(pageUrl)).text;
      const { scripts, styles, resolve } = assetsOf(html, pageUrl);
      // No inline script (script-src 'self'), nothing from another origin.
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const src of scripts) {
        expect(src, 'every script has a src').toBeDefined();
        expect(src).not.toMatch(/^(https?:)?\/\//);
      }
      for (const src of scripts) {
        const res = await client.get(resolve(src!));
        expect(res.status, src).toBe(200);
        expect(res.headers['content-type'], src).toMatch(/^(application|text)\/javascript/);
      }
      expect(styles.length).toBeGreaterThanOrEqual(1);
      for (const href of styles) {
        const res = await client.get(href);
        expect(res.status, href).toBe(200);
        expect(res.headers['content-type'], href).toMatch(/^text\/css/);
      }
    }
  });

  it('points Swagger UI at the same document as /api/openapi.json', async () => {
    const initializer = await client.get('/api/docs/static/swagger-initializer.js');
    expect(initializer.status).toBe(200);
    // resolveUrl makes it relative to the page with a trailing slash: /api/docs/json.
    expect(initializer.text).toContain("url: resolveUrl('./json')");
    const loaded = await client.get('/api/docs/json');
    const published = await client.get('/api/openapi.json');
    expect(loaded.status).toBe(200);
    expect(loaded.headers['content-type']).toMatch(/^application\/json/);
    expect(loaded.text).toBe(published.text);
    expect(Object.keys(loaded.body.paths)).toEqual(Object.keys(published.body.paths));
    expect(loaded.body.paths['/api/widgets/{x}']).toBeDefined();
  });

  it('keeps the site Content-Security-Policy on the page and its assets', async () => {
    const site = (await client.get('/healthz')).headers['content-security-policy'];
    expect(site).toContain("script-src 'self';");
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
      expect((await client.get(url)).headers['content-security-policy'], url).toBe(site);
    }
  });

  it('still answers unknown paths under /api/docs with the API 404', async () => {
    const res = await client.get('/api/docs/static/no-such-file.js');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found.' });
  });
});
