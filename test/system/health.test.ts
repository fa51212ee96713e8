import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createImage } from '#test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and not-found', () => {
  it('answers 200 ok when the database answers', async () => {
    const res = await new TestClient(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const client = new TestClient(t.app);
    for (const url of ['/api/nothing-here', '/api', '/trpc/nothing.here', '/media/none.webp']) {
      const res = await client.get(url);
      expect(res.status, url).toBe(404);
    }
    expect((await client.get('/api/nothing-here')).body).toEqual({ message: 'Not Found.' });
  });

  it('issues the session and XSRF cookies', async () => {
    const client = new TestClient(t.app);
    const res = await client.csrf();
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    const session = res.cookies.find((c) => c.name === 'bodyshop_session')!;
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.sameSite).toBe('Lax');
    expect(xsrf.path).toBe('/');
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
  });

  it('refuses a state-changing request without the XSRF header with 419', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/api/anything', { json: {}, noXsrf: true });
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ message: 'CSRF token mismatch.' });
    const forged = await client.post('/api/anything', { json: {}, headers: { 'x-xsrf-token': 'forged' }, noXsrf: true });
    expect(forged.status).toBe(419);
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await new TestClient(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/sanctum/csrf-cookie');
  });

  it('serves uploaded images with a one-year immutable cache header', async () => {
    const image = await createImage(t.deps.db, t.deps.storage);
    const res = await new TestClient(t.app).get(t.deps.storage.publicUrl(image.large_key));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(String(res.headers['cache-control'])).toContain('max-age=31536000');
    expect(String(res.headers['cache-control'])).toContain('immutable');
  });

  it('never serves private files', async () => {
    const image = await createImage(t.deps.db, t.deps.storage);
    const name = image.original_key.split('/').pop()!;
    const original = await t.deps.storage.read(image.original_key);
    for (const url of [
      `/media/../private/originals/${name}`,
      `/media/%2e%2e/private/originals/${name}`,
      `/media/originals/${name}`,
      `/private/originals/${name}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // Either a 404 or the client's page for an unknown path; never the file's bytes.
      expect(res.rawPayload.equals(original), url).toBe(false);
      expect(res.headers['content-type'], url).not.toBe('image/jpeg');
    }
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the security headers with a content security policy', async () => {
    const res = await new TestClient(t.app).get('/healthz');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
