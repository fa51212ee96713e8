// The character check has a budget per field (validation/text-characters.ts): a body padded with
// 10,001 empty strings used to use up a shared budget and skip it, so a NUL byte reached the
// database and PostgreSQL answered 500. On both engines (TEST_DATABASE_URL for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // Each request from its own address, so no rate limit is reached on purpose here.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

let lastAddress = 0;
const nextAddress = () => `10.77.0.${++lastAddress}`;

/** 10,001 empty fields before the real ones. */
function padded(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (let i = 0; i <= 10_000; i++) body[`pad${i}`] = '';
  return { ...body, ...fields };
}

async function post(path: string, json: Record<string, unknown>) {
  const client = new TestClient(t.app);
  await client.csrf();
  return client.post(path, { json, headers: { 'x-forwarded-for': nextAddress() } });
}

describe('a NUL byte behind 10,001 empty strings is still a 422 on its field', () => {
  it('POST /api/quote-requests', async () => {
    const res = await post(
      '/api/quote-requests',
      padded({
        name: 'Jo\u0000Customer',
        email: 'jo@example.com',
        vehicle: 'Ford Focus',
        description: 'A dent in the rear passenger door after a car park knock.',
        preferred_contact: 'email',
        consent: '1',
      }),
    );
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.name).toEqual(['The name field contains characters that are not allowed.']);
    expect(await t.deps.db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
  });

  it('POST /api/register', async () => {
    const res = await post(
      '/api/register',
      padded({
        firstname: 'Nul\u0000',
        lastname: 'Byte',
        email: 'nul@example.com',
        password: 'secret-pass-1',
        password_confirmation: 'secret-pass-1',
      }),
    );
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.firstname).toEqual(['The firstname field contains characters that are not allowed.']);
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'nul@example.com').execute()).toEqual([]);
  });

  it('POST /login', async () => {
    const user = await createUser(t.deps.db);
    for (const fields of [
      { email: `${user.email}\u0000`, password: 'password' },
      { email: user.email, password: 'pass\u0000word' },
    ]) {
      const res = await post('/login', padded(fields));
      expect(res.status, res.text).toBe(422);
      expect(Object.values(res.body.errors as Record<string, string[]>).flat()).toEqual([
        expect.stringContaining('contains characters that are not allowed'),
      ]);
    }
  });

  it('one field holding more values than any form sends is refused, not skipped', async () => {
    const res = await post('/login', { email: Array.from({ length: 100_001 }, () => ''), password: 'x' });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['email']);
  });
});
