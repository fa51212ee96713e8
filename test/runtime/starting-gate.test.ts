// The port answers from the first moment of a start: 503 {"status":"starting"} (or a small page
// that reloads itself, for a browser) until the app takes the server over.
import { afterEach, describe, expect, it } from 'vitest';
import { createStartingGate, type StartingGate } from '#server/starting-gate.ts';

let gate: StartingGate | undefined;
afterEach(async () => {
  await gate?.close();
  gate = undefined;
});

async function listening() {
  gate = createStartingGate();
  const address = await gate.listen(0, '127.0.0.1');
  return { gate, base: `http://127.0.0.1:${address.port}` };
}

describe('the starting gate', () => {
  it('answers every request 503 {"status":"starting"} with Retry-After while the app is not ready', async () => {
    const { base } = await listening();
    for (const url of ['/healthz', '/api/widgets/HomeText1', '/trpc/widgets.get']) {
      const response = await fetch(base + url);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'starting' });
    }
    const post = await fetch(`${base}/login`, {
      method: 'POST',
      body: 'x'.repeat(100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(503);
    expect(await post.json()).toEqual({ status: 'starting' });
  });

  it('gives a browser a page that reloads itself', async () => {
    const { base } = await listening();
    const response = await fetch(`${base}/about`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain('The site is starting');
  });

  it('hands every request to the app once it is open, on the same port', async () => {
    const { gate: g, base } = await listening();
    const server = g.serverFactory((_request, response) => {
      response.end('from the app');
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    expect(server.listening).toBe(true);
    g.open();
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('from the app');
  });

  it('cannot open before the app has taken the server', async () => {
    const { gate: g } = await listening();
    expect(() => g.open()).toThrow(/not taken the server/);
  });
});
