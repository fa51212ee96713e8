/**
 * Walks the WHOLE appRouter, as the authorization walk does, and calls every procedure on both
 * doors (tRPC and its REST path) as a visitor and as an admin who confirmed the password, with an
 * empty input: whatever the answer (a success, a 401, a 422, a 404), a personal one carries
 * `Cache-Control: no-store`. Personal is every procedure but the few public ones below that answer
 * the same to everyone; a procedure added later must either carry it or be named here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, createUser } from '#test/support/factories.ts';
import { appRouter } from '#server/router.ts';
import type { ProcedureMeta } from '#server/trpc.ts';

/** Public procedures whose answer is the same for everyone (the shop's own content): a cache may keep it. */
const NOT_PERSONAL = new Set([
  'session.csrfCookie',
  'widgets.byKey',
  'testimonials.list',
  'shop.get',
  'galleries.list',
  'galleries.get',
  'bookings.types',
  'bookings.summary',
  'bookings.availability',
]);

const NONE = 999_999;
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>)
  .map(([path, procedure]) => ({ path, type: procedure._def.type, openapi: procedure._def.meta?.openapi }))
  .sort((a, b) => a.path.localeCompare(b.path));

let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createUser(t.deps.db, { role: 'admin' })).id;
});
afterAll(async () => {
  await t?.close();
});

/** A client for one call: a fresh session each time, since some calls (sign-out) end theirs. */
async function clientAs(role: 'visitor' | 'admin'): Promise<TestClient> {
  const client = new TestClient(t.app);
  if (role === 'admin') await actingAs(t, client, adminId, { passwordConfirmed: true });
  else await client.csrf();
  return client;
}

describe('the no-store list', () => {
  it('names only procedures of appRouter', () => {
    expect([...NOT_PERSONAL].filter((path) => !procedures.some((p) => p.path === path))).toEqual([]);
  });
});

describe.each(procedures)('$path', ({ path, type, openapi }) => {
  const want = NOT_PERSONAL.has(path) ? undefined : 'no-store';
  it.each(['visitor', 'admin'] as const)('on tRPC as %s', async (role) => {
    const client = await clientAs(role);
    const response =
      type === 'query'
        ? await client.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({}))}`)
        : await client.post(`/trpc/${path}`, { json: {} });
    if (want) expect(response.headers['cache-control'], `${path}: ${response.status}`).toBe(want);
    else expect(response.headers['cache-control']).not.toBe('no-store');
  });
  it.runIf(openapi)('on REST as visitor and admin', async () => {
    for (const role of ['visitor', 'admin'] as const) {
      const client = await clientAs(role);
      const url = openapi!.path.replace(/\{[^}]+\}/g, String(NONE));
      const response = await client.request(openapi!.method, url, openapi!.method === 'GET' ? {} : { json: {} });
      if (want) expect(response.headers['cache-control'], `${role} ${openapi!.method} ${url}: ${response.status}`).toBe(want);
    }
  });
});
