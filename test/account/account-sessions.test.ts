// docs/rest-contract.md "Account": the signed-in devices, called as a third party would (REST).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient, type TestResponse } from '#test/support/client.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { generateSessionToken, saveSession, SESSION_COOKIE, sessionIdOf } from '#server/auth/sessions.ts';
import { PASSWORD_CHECK_LIMITS } from '#server/account/passwords.service.ts';

let t: TestApp;
beforeAll(async () => {
  // Each device comes from its own address, through a proxy on this machine.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WRONG_PASSWORD = { message: 'The provided password was incorrect.', errors: { password: ['The provided password was incorrect.'] } };

/** Signs in through POST /login from a device (its User-Agent and address); returns the client and its token. */
async function device(email: string, userAgent: string, address: string) {
  const client = new TestClient(t.app);
  const headers = { 'user-agent': userAgent, 'x-forwarded-for': address };
  await client.get('/sanctum/csrf-cookie', { headers });
  const res = await client.post('/login', { json: { email, password: FACTORY_PASSWORD }, headers });
  expect(res.status).toBe(200);
  return { client, token: client.cookie(SESSION_COOKIE)!, headers };
}

/** No response may carry a session's token or its stored id (the SHA-256 of the token). */
function expectNoSecrets(responses: TestResponse[], tokens: string[]) {
  for (const response of responses) {
    for (const token of tokens) {
      expect(response.text).not.toContain(token);
      expect(response.text).not.toContain(sessionIdOf(token));
    }
  }
}

describe('GET /api/user/sessions', () => {
  it("lists the user's signed-in devices, the current one marked, newest activity first; no expired or pending ones, no tokens", async () => {
    const user = await createUser(t.deps.db);
    const phone = await device(user.email, IPHONE_SAFARI, '203.0.113.7');
    const desktop = await device(user.email, WINDOWS_CHROME, '198.51.100.20');
    // The phone was last active an hour ago.
    await t.deps.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 60 * 60 * 1000) })
      .where('id', '=', sessionIdOf(phone.token))
      .execute();
    // An expired session and a half-finished two-factor login of the same user are not devices.
    const expired = generateSessionToken();
    await saveSession(t.deps.db, expired, {
      userId: user.id,
      remember: false,
      meta: { ipAddress: '192.0.2.1', userAgent: WINDOWS_CHROME },
    });
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionIdOf(expired))
      .execute();
    const pending = generateSessionToken();
    await saveSession(t.deps.db, pending, {
      userId: null,
      pendingUserId: user.id,
      pendingExpiresAt: new Date(Date.now() + 5 * 60 * 1000),
      remember: false,
      meta: { ipAddress: '192.0.2.2', userAgent: WINDOWS_CHROME },
    });
    // Someone else's session is not listed either.
    await actingAs(t, new TestClient(t.app), (await createUser(t.deps.db)).id);

    const res = await desktop.client.get('/api/user/sessions', { headers: desktop.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        browser: 'Chrome',
        system: 'Windows',
        ipAddress: '198.51.100.20',
        lastActive: expect.any(String),
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        browser: 'Safari',
        system: 'iOS',
        ipAddress: '203.0.113.7',
        lastActive: expect.any(String),
        current: false,
      },
    ]);
    expect(Date.now() - Date.parse(res.body[1].lastActive)).toBeGreaterThan(59 * 60 * 1000);
    // The same ids from the phone, which is then the current one and, active again, the first.
    const fromPhone = await phone.client.get('/api/user/sessions', { headers: phone.headers });
    expect(fromPhone.body.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [res.body[1].id, true],
      [res.body[0].id, false],
    ]);
    expectNoSecrets([res, fromPhone], [phone.token, desktop.token, expired, pending]);
  });

  it('is 401 for a visitor', async () => {
    const res = await new TestClient(t.app).get('/api/user/sessions');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('DELETE /api/user/sessions/{id}', () => {
  it('signs out another device: 200 "", that device is signed out, this one is not', async () => {
    const user = await createUser(t.deps.db);
    const phone = await device(user.email, IPHONE_SAFARI, '203.0.113.8');
    const desktop = await device(user.email, WINDOWS_CHROME, '198.51.100.21');
    const list = (await desktop.client.get('/api/user/sessions')).body as { id: string; current: boolean }[];
    const other = list.find((s) => !s.current)!;

    const res = await desktop.client.delete(`/api/user/sessions/${other.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    expect((await phone.client.get('/api/user')).status).toBe(401);
    expect((await desktop.client.get('/api/user')).status).toBe(200);
    expect((await desktop.client.get('/api/user/sessions')).body).toHaveLength(1);
    // Gone now: a second time is a 404.
    expect((await desktop.client.delete(`/api/user/sessions/${other.id}`)).status).toBe(404);
  });

  it("refuses the current session (422: sign out instead), another user's (404) and an unknown id (404)", async () => {
    const user = await createUser(t.deps.db);
    const mine = await device(user.email, WINDOWS_CHROME, '198.51.100.22');
    const stranger = await createUser(t.deps.db);
    const theirs = await device(stranger.email, IPHONE_SAFARI, '203.0.113.9');
    const myId = (await mine.client.get('/api/user/sessions')).body[0].id as string;
    const theirId = (await theirs.client.get('/api/user/sessions')).body[0].id as string;

    const current = await mine.client.delete(`/api/user/sessions/${myId}`);
    expect(current.status).toBe(422);
    expect(current.body).toEqual({
      message: 'This is the device you are using: sign out instead.',
      errors: { id: ['This is the device you are using: sign out instead.'] },
    });
    const another = await mine.client.delete(`/api/user/sessions/${theirId}`);
    expect(another.status).toBe(404);
    expect(another.body).toEqual({ message: 'Not Found.' });
    expect((await theirs.client.get('/api/user')).status).toBe(200);
    expect((await mine.client.delete('/api/user/sessions/0123456789abcdef')).status).toBe(404);
    // Neither the token nor the stored id works as an id.
    expect((await mine.client.delete(`/api/user/sessions/${sessionIdOf(theirs.token)}`)).status).toBe(404);
    expect((await mine.client.delete(`/api/user/sessions/${theirs.token}`)).status).toBe(404);
    expect((await theirs.client.get('/api/user')).status).toBe(200);
  });

  it('is 419 without the XSRF header and 401 for a visitor', async () => {
    const user = await createUser(t.deps.db);
    const mine = await device(user.email, WINDOWS_CHROME, '198.51.100.23');
    const other = await device(user.email, IPHONE_SAFARI, '203.0.113.10');
    const id = ((await mine.client.get('/api/user/sessions')).body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    const noXsrf = await mine.client.delete(`/api/user/sessions/${id}`, { noXsrf: true });
    expect(noXsrf.status).toBe(419);
    expect(noXsrf.body).toEqual({ message: 'CSRF token mismatch.' });
    expect((await other.client.get('/api/user')).status).toBe(200);
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    expect((await visitor.delete(`/api/user/sessions/${id}`)).status).toBe(401);
  });
});

describe('POST /user/other-browser-sessions', () => {
  it('with the password signs out every other device and keeps this one: 200 ""', async () => {
    const user = await createUser(t.deps.db);
    const phone = await device(user.email, IPHONE_SAFARI, '203.0.113.11');
    const laptop = await device(user.email, WINDOWS_CHROME, '198.51.100.24');
    const desktop = await device(user.email, WINDOWS_CHROME, '198.51.100.25');
    const stranger = await device((await createUser(t.deps.db)).email, WINDOWS_CHROME, '198.51.100.26');

    const wrong = await desktop.client.post('/user/other-browser-sessions', { json: { password: 'not-my-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(WRONG_PASSWORD);
    expect((await phone.client.get('/api/user')).status).toBe(200);
    const missing = await desktop.client.post('/user/other-browser-sessions', { json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['password']);

    const res = await desktop.client.post('/user/other-browser-sessions', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    expect((await phone.client.get('/api/user')).status).toBe(401);
    expect((await laptop.client.get('/api/user')).status).toBe(401);
    expect((await desktop.client.get('/api/user')).status).toBe(200);
    expect((await stranger.client.get('/api/user')).status).toBe(200);
    const left = await desktop.client.get('/api/user/sessions');
    expect(left.body).toEqual([expect.objectContaining({ current: true })]);
  });

  it('shares the per-user limit of POST /user/confirm-password: then 429 with Retry-After, even for the right password', async () => {
    const user = await createUser(t.deps.db);
    const { client } = await device(user.email, WINDOWS_CHROME, '198.51.100.27');
    const { limit } = PASSWORD_CHECK_LIMITS.perMinute;
    for (let i = 0; i < limit; i++) {
      const path = i % 2 ? '/user/confirm-password' : '/user/other-browser-sessions';
      expect((await client.post(path, { json: { password: 'wrong-password' } })).status).toBe(422);
    }
    const res = await client.post('/user/other-browser-sessions', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is 419 without the XSRF header and 401 for a visitor', async () => {
    const user = await createUser(t.deps.db);
    const { client } = await device(user.email, WINDOWS_CHROME, '198.51.100.28');
    expect((await client.post('/user/other-browser-sessions', { json: { password: FACTORY_PASSWORD }, noXsrf: true })).status).toBe(419);
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    const res = await visitor.post('/user/other-browser-sessions', { json: { password: FACTORY_PASSWORD } });
    expect(res.status).toBe(401);
  });
});
