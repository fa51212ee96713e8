// The login limits (per e-mail and address, per e-mail,
// per address), the per-user limit on password checks, and batches that cannot multiply guesses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type TestResponse } from '#test/support/client.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { login } from '#test/support/accounts.ts';
import { LOGIN_LIMITS } from '#server/account/sign-in.service.ts';
import { FORGOT_PASSWORD_LIMITS } from '#server/account/passwords.service.ts';
import { BATCHED_SESSION_MUTATION_MESSAGE, isBatchedSessionMutation, TRPC_MAX_BATCH_SIZE } from '#server/trpc-batching.ts';

let t: TestApp;
beforeAll(async () => {
  // Clients at different addresses come through a proxy on this machine (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

function statuses(responses: TestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** A login from another client address (the app trusts X-Forwarded-For from 127.0.0.1, as behind a local proxy). */
function loginFrom(client: TestClient, address: string, email: string, password: string) {
  return client.post('/login', { json: { email, password }, headers: { 'x-forwarded-for': address } });
}

describe('POST /login', () => {
  it('evaluates exactly 5 of 30 parallel wrong passwords; the other 25 get the 429', async () => {
    await createUser(t.deps.db, { email: 'parallel@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const results = await Promise.all(Array.from({ length: 30 }, () => login(client, 'parallel@example.test', 'wrong-password')));
    expect(statuses(results)).toEqual({ 422: 5, 429: 25 });
    // The right password now waits too.
    expect((await login(client, 'parallel@example.test')).status).toBe(429);
  });

  it('limits one e-mail from any number of addresses (20 in 15 minutes)', async () => {
    const user = await createUser(t.deps.db, { email: 'many-addresses@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const { limit } = LOGIN_LIMITS.perEmail;
    for (let i = 0; i < limit; i++) {
      // 4 per address: never the per-address limits.
      expect((await loginFrom(client, `10.1.0.${Math.floor(i / 4)}`, user.email, 'wrong-password')).status).toBe(422);
    }
    const res = await loginFrom(client, '10.1.1.1', user.email, FACTORY_PASSWORD);
    expect(res.status).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(res.body.message).toBe(`Too many login attempts. Please try again in ${seconds} seconds.`);
  });

  it('limits one address across e-mails (30 a minute), so it cannot order endless password hashes', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const { limit } = LOGIN_LIMITS.perAddress;
    const results = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => loginFrom(client, '10.2.0.1', `spray-${i}@example.test`, 'wrong-password')),
    );
    expect(statuses(results)).toEqual({ 422: limit, 429: 10 });
    // Another address is not affected.
    expect((await loginFrom(client, '10.2.0.2', 'spray-0@example.test', 'wrong-password')).status).toBe(422);
  });

  it('a right password does not count as a failure', async () => {
    await createUser(t.deps.db, { email: 'often@example.test' });
    for (let i = 0; i < 8; i++) expect((await login(new TestClient(t.app), 'often@example.test')).status).toBe(200);
  });
});

describe('POST /forgot-password', () => {
  it('answers 10 requests per address in 15 minutes across e-mails, exactly under 30 parallel ones, then 429', async () => {
    const client = new TestClient(t.app);
    await client.csrf();
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client.post('/forgot-password', { json: { email: `reset-spread-${i}@example.test` }, headers })),
    );
    expect(statuses(answers)).toEqual({ 200: FORGOT_PASSWORD_LIMITS.perAddress.limit, 429: 30 - FORGOT_PASSWORD_LIMITS.perAddress.limit });
    // As docs/rest-contract.md says: the shared 429 body, and when to come back (within the 15-minute window).
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FORGOT_PASSWORD_LIMITS.perAddress.windowSeconds);
    // Another address is not held up.
    const other = await client.post('/forgot-password', {
      json: { email: 'reset-spread-0@example.test' },
      headers: { 'x-forwarded-for': '198.51.100.78' },
    });
    expect(other.status).toBe(200);
  });

  it('answers 3 requests per e-mail address in 15 minutes, from any client addresses, under 30 parallel ones, then 429', async () => {
    await createUser(t.deps.db, { email: 'reset-flood@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const send = (email: string, i: number) =>
      client.post('/forgot-password', { json: { email }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
    const known = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(i % 2 ? 'Reset-Flood@example.test' : 'reset-flood@example.test', i)),
    );
    expect(statuses(known)).toEqual({ 200: FORGOT_PASSWORD_LIMITS.perEmail.limit, 429: 30 - FORGOT_PASSWORD_LIMITS.perEmail.limit });
    // An address with no account is held the same way, so the answer says nothing of accounts.
    const unknown = await Promise.all(Array.from({ length: 30 }, (_, i) => send('nobody-flood@example.test', i + 100)));
    expect(statuses(unknown)).toEqual(statuses(known));
    expect((await send('someone-else@example.test', 200)).status).toBe(200);
  });
});

describe('password checks of a signed-in user', () => {
  it('allows 5 wrong confirmations a minute per user, across sessions, and the 6th waits even when right', async () => {
    const user = await createUser(t.deps.db, { email: 'confirm-limit@example.test' });
    const first = new TestClient(t.app);
    await actingAs(t, first, user.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => first.post('/user/confirm-password', { json: { password: 'wrong-password' } })),
    );
    expect(statuses(results)).toEqual({ 422: 5, 429: 25 });
    // A new session of the same user gets no fresh guesses.
    const second = new TestClient(t.app);
    await actingAs(t, second, user.id);
    const res = await second.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The current password of a change is the same secret, under the same limit.
    const change = await second.put('/user/password', {
      json: { current_password: FACTORY_PASSWORD, password: 'a new long password', password_confirmation: 'a new long password' },
    });
    expect(change.status).toBe(429);
  });

  it('a right confirmation does not use up the limit', async () => {
    const user = await createUser(t.deps.db, { email: 'confirm-often@example.test' });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    for (let i = 0; i < 8; i++)
      expect((await client.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } })).status).toBe(201);
  });
});

describe('tRPC batches', () => {
  it('recognises a POST batch naming any session procedure, and nothing else', () => {
    expect(isBatchedSessionMutation('POST', '/trpc/session.login,session.login?batch=1')).toBe(true);
    expect(isBatchedSessionMutation('POST', '/trpc/session.login?batch=1')).toBe(true);
    expect(isBatchedSessionMutation('POST', '/trpc/widgets.update,session.confirmPassword?batch=1')).toBe(true);
    expect(isBatchedSessionMutation('POST', '/trpc/widgets.update%2Csession.logout?batch=1')).toBe(true);
    expect(isBatchedSessionMutation('POST', '/trpc/session.login')).toBe(false);
    expect(isBatchedSessionMutation('POST', '/trpc/widgets.update,testimonials.create?batch=1')).toBe(false);
    expect(isBatchedSessionMutation('GET', '/trpc/session.current,widgets.byKey?batch=1&input=%7B%7D')).toBe(false);
    expect(isBatchedSessionMutation('POST', '/login')).toBe(false);
    expect(isBatchedSessionMutation('POST', '/trpc/%E0%A4%A?batch=1')).toBe(false);
  });

  it('refuses a batch naming a session procedure, running none of it', async () => {
    const user = await createUser(t.deps.db, { email: 'batch@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const count = 100;
    const calls = Array.from({ length: count }, () => 'session.login').join(',');
    const input = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { email: user.email, password: `guess-${i}` }]));
    const res = await client.post(`/trpc/${calls}?batch=1`, { json: input });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: BATCHED_SESSION_MUTATION_MESSAGE });
    // Encoded commas are the same batch.
    const encoded = await client.post(`/trpc/session.login%2Csession.login?batch=1`, { json: { 0: {}, 1: {} } });
    expect(encoded.status).toBe(400);
    // Nothing ran: all 5 attempts of the window are still there.
    for (let i = 0; i < 5; i++) expect((await login(client, user.email, 'wrong-password')).status).toBe(422);
  });

  it('refuses a batch of 100 password confirmations', async () => {
    const user = await createUser(t.deps.db, { email: 'batch-confirm@example.test' });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const calls = Array.from({ length: 100 }, () => 'session.confirmPassword').join(',');
    const input = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [i, { password: `guess-${i}` }]));
    expect((await client.post(`/trpc/${calls}?batch=1`, { json: input })).status).toBe(400);
    expect((await client.post('/user/confirm-password', { json: { password: FACTORY_PASSWORD } })).status).toBe(201);
  });

  it(`answers a batch of up to ${TRPC_MAX_BATCH_SIZE} calls and refuses a longer one`, async () => {
    const client = new TestClient(t.app);
    const batch = (n: number) => {
      const calls = Array.from({ length: n }, () => 'session.current').join(',');
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
      return client.get(`/trpc/${calls}?batch=1&input=${input}`);
    };
    const ok = await batch(TRPC_MAX_BATCH_SIZE);
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(TRPC_MAX_BATCH_SIZE);
    // tRPC refuses it (BAD_REQUEST) before running any call; the app's error formatter words it (a 4xx).
    const tooMany = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(tooMany.status).toBeGreaterThanOrEqual(400);
    expect(tooMany.status).toBeLessThan(500);
    expect(JSON.stringify(tooMany.body)).not.toContain('"result"');
  });

  it('still answers a single session mutation over tRPC', async () => {
    const user = await createUser(t.deps.db, { email: 'single@example.test' });
    const client = new TestClient(t.app);
    await client.csrf();
    const res = await client.post('/trpc/session.login', { json: { email: user.email, password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
  });
});
