import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecurityHeaders, securityHeadersPlugin } from '#server/plugins/security-headers.ts';

// The plugin on its own: the test app serves no built client, so its /assets/ would be a 404.
const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(securityHeadersPlugin, { headers: await buildSecurityHeaders({ isHttps: true }) });
  app.get('/about', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>About</title>'));
  app.get('/assets/start-abc123.js', async (_request, reply) => reply.type('application/javascript').send('export {};'));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('security headers', () => {
  it('sends a page every document header', async () => {
    const { headers } = await app.inject({ url: '/about' });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
  });

  it('sends a bundle only the headers that apply to a script or stylesheet', async () => {
    const { headers } = await app.inject({ url: '/assets/start-abc123.js' });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['strict-transport-security']).toContain('max-age=');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
      'referrer-policy',
    ]) {
      expect(headers[documentOnly], documentOnly).toBeUndefined();
    }
  });
});
