// Bad input never reaches a 500: each answer keeps its 4xx in the contract's shape, whichever
// layer refused it (the CSRF hook, a body parser, multipart, static files, tRPC, the schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, tempFiles } from '#test/support/content.ts';
import { createWidget } from '#test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A body in the contract's shape: a message and, for a 422, the fields; nothing from inside. */
function expectContractBody(text: string, status: number) {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.message, text).toBe('string');
  expect(
    Object.keys(body).filter((k) => k !== 'message' && k !== 'errors'),
    text,
  ).toEqual([]);
  expect(text, `${status} ${text}`).not.toMatch(/FST_|ERR_|\bat \/|node_modules|\.ts:\d|SELECT|INSERT|stack/i);
}

async function signedInWithXsrf() {
  const { client } = await adminClient(t);
  return client;
}

describe('the request hook and the body parsers answer in the contract', () => {
  it('a malformed X-XSRF-TOKEN is a 419, not a 500', async () => {
    const client = await signedInWithXsrf();
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': '%' },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('bad JSON, an empty JSON body, a too-large body and an unknown type keep their 4xx', async () => {
    const client = await signedInWithXsrf();
    const bad = await client.post('/api/widgets', { headers: { 'content-type': 'application/json' }, form: undefined, json: undefined });
    expect(bad.status).toBeLessThan(500);
    const cases: [string, string | Buffer, number][] = [
      ['application/json', '{"name":', 400],
      ['application/json', '{"__proto__":{"x":1}}', 400],
      ['application/json', Buffer.alloc(2 * 1024 * 1024, 0x20), 413],
      ['application/x-unknown', 'hello', 415],
    ];
    for (const [type, payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/widgets',
        headers: {
          cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(client.cookie('XSRF-TOKEN')!),
          'content-type': type,
        },
        payload,
      });
      expect(res.statusCode, `${type} ${String(payload).slice(0, 30)}`).toBe(status);
      expectContractBody(res.body, res.statusCode);
    }
  });

  it('multipart without a boundary, truncated, with __proto__ or constructor fields, or too many bytes of fields is refused', async () => {
    const client = await signedInWithXsrf();
    const headers = {
      cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(client.cookie('XSRF-TOKEN')!),
    };
    const boundary = 'XyZ';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
    const cases: [string, string, string | Buffer, number[]][] = [
      ['/api/widgets', 'multipart/form-data', part('name', 'x'), [400]],
      ['/api/widgets', `multipart/form-data; boundary=${boundary}`, part('name', 'x').slice(0, 30), [400]],
      ['/api/widgets', `multipart/form-data; boundary=${boundary}`, `${part('__proto__', 'x')}--${boundary}--\r\n`, [400]],
      ['/api/widgets', `multipart/form-data; boundary=${boundary}`, `${part('constructor', 'x')}--${boundary}--\r\n`, [400, 422]],
      ['/api/widgets/Home', `multipart/form-data; boundary=${boundary}`, `${part('constructor', 'x')}--${boundary}--\r\n`, [400, 422]],
      // A path that takes no file refuses a file part, and fields over the JSON body limit.
      ['/login', `multipart/form-data; boundary=${boundary}`, `${file}--${boundary}--\r\n`, [413]],
      [
        '/login',
        `multipart/form-data; boundary=${boundary}`,
        `${part('a', 'x'.repeat(700_000))}${part('b', 'x'.repeat(700_000))}--${boundary}--\r\n`,
        [413],
      ],
      [
        '/login',
        `multipart/form-data; boundary=${boundary}`,
        `${Array.from({ length: 60 }, (_, i) => part(`f${i}`, 'x')).join('')}--${boundary}--\r\n`,
        [413],
      ],
    ];
    for (const [url, type, payload, statuses] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type }, payload });
      expect(statuses, `${url} ${type} ${String(payload).slice(0, 60)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expectContractBody(res.body, res.statusCode);
    }
    expect(await tempFiles(t)).toEqual([]);
  });
});

describe('static files and tRPC answer in the contract', () => {
  it('path traversal under /media is a 4xx with a JSON message', async () => {
    // (inject resolves "/media/../x" and "/media/%2e%2e/x" to "/x", a page; the fault suite's sweep sends them raw.)
    for (const url of ['/media/..%2f..%2fetc%2fpasswd', '/media/a%00b', '/media/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expectContractBody(res.body, res.statusCode);
    }
  });

  it('GET on a tRPC mutation and POST on a query are 405s, never a 500', async () => {
    const client = await signedInWithXsrf();
    const getMutation = await client.get('/trpc/widgets.create?input=%7B%7D');
    expect(getMutation.status).toBe(405);
    expect(getMutation.body.error.data.appCode).toBe('METHOD_NOT_ALLOWED');
    const postQuery = await client.post('/trpc/widgets.list', { json: {} });
    expect(postQuery.status).toBe(405);
    expect(postQuery.text).not.toMatch(/stack|node_modules/);
  });
});

describe('NUL bytes and unpaired surrogates are a 422 on the field', () => {
  it('in a path parameter, a JSON field and a search, through REST and tRPC', async () => {
    const { client } = await adminClient(t);
    await createWidget(t.deps.db, { name: 'Home' });
    const path = await client.get('/api/widgets/Home%00Text1');
    expect(path.status).toBe(422);
    expect(path.body.errors).toEqual({ x: [expect.stringContaining('characters that are not allowed')] });

    const search = await client.get('/api/users', { query: { search: 'a\u0000b' } });
    expect(search.status).toBe(422);
    expect(Object.keys(search.body.errors)).toEqual(['search']);

    for (const bad of ['bad\u0000name', 'bad\ud800name', 'bad\udc00name']) {
      const created = await client.post('/api/widgets', { json: { name: bad, type: 'TEXT', html: '<p>x</p>' } });
      expect(created.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(created.body.errors)).toEqual(['name']);
    }
    // A paired surrogate (an emoji) is a character like any other.
    expect(await client.get('/api/users', { query: { search: '\ud83d\ude00' } })).toMatchObject({ status: 200 });

    const viaTrpc = await client.get(`/trpc/users.list?input=${encodeURIComponent(JSON.stringify({ search: 'a\u0000' }))}`);
    expect(viaTrpc.status).toBe(422);
    expect(viaTrpc.body.error.data.fieldErrors).toEqual({ search: [expect.any(String)] });
  });

  it('keeps the order of checks: an anonymous caller gets 401 before the 422', async () => {
    const res = await new TestClient(t.app).get('/api/users', { query: { search: 'a\u0000b' } });
    expect(res.status).toBe(401);
  });
});
