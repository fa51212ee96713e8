// TRUST_PROXY: X-Forwarded-For is believed only from the proxies it names. The address a session
// records (and the login throttle keys on) is the client's behind a trusted load balancer, and the
// direct peer's otherwise, so a client cannot pick its own address.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Signs in through a "proxy" at 127.0.0.1 that forwards for 203.0.113.9; the address the session keeps. */
async function recordedAddress(env: Record<string, string>): Promise<string | null> {
  t = await createTestApp(env);
  const user = await createUser(t.deps.db);
  const client = new TestClient(t.app);
  await client.csrf();
  const res = await client.post('/login', {
    json: { email: user.email, password: FACTORY_PASSWORD, remember: false },
    headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
  });
  expect(res.status).toBe(200);
  const row = await t.deps.db.selectFrom('sessions').select('ip_address').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return row.ip_address;
}

describe('TRUST_PROXY', () => {
  it('is off by default: the forwarded header is ignored', async () => {
    expect(await recordedAddress({})).toBe('127.0.0.1');
  });

  it('with addresses or CIDR ranges, believes the nearest untrusted forwarded address', async () => {
    expect(await recordedAddress({ TRUST_PROXY: '127.0.0.0/8, 10.0.0.0/8' })).toBe('203.0.113.9');
  });

  it('with a hop count, trusts that many proxies and no more', async () => {
    expect(await recordedAddress({ TRUST_PROXY: '1' })).toBe('203.0.113.9');
    await t!.close();
    expect(await recordedAddress({ TRUST_PROXY: '2' })).toBe('198.51.100.1');
    // Two apps and two argon2 sign-ins in one test: a loaded machine took over 30 s.
  }, 90_000);
});
