// Breached passwords: registration, the reset, the change and the admin's add-user refuse
// a password found in Pwned Passwords (a local server answering in the range API's format); the
// service down or slower than 1 s never blocks a sign-up; only the hash's first 5 characters leave.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, createUser, FACTORY_PASSWORD } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import { login } from '#test/support/accounts.ts';
import { mailsTo } from '#test/support/mail.ts';
import { downUrl, sha1Hex, startFakePwnedPasswords, type FakePwnedPasswords } from '#test/support/pwned-passwords.ts';
import { checkBreachedPassword } from '#server/auth/breached-passwords.ts';
import { DEFAULT_PWNED_PASSWORDS_URL } from '#server/config/outside-services-config.ts';
import { loadConfig } from '#server/config/load-config.ts';

const BREACHED = 'password123456';
const ALSO_BREACHED = 'letmein-please';
const SAFE = 'a sensible new passphrase';
const MESSAGE = 'This password has appeared in a data breach, so it is not safe to use. Please choose a different password.';

let t: TestApp;
let fake: FakePwnedPasswords;
beforeAll(async () => {
  fake = await startFakePwnedPasswords({ [BREACHED]: 250_000, [ALSO_BREACHED]: 3 });
  t = await createTestApp({ PWNED_PASSWORDS_URL: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
  t.config.pwnedPasswordsUrl = fake.url;
});

async function register(email: string, password: string, extra: Record<string, string> = {}) {
  const client = new TestClient(t.app);
  await client.csrf();
  const response = await client.post('/api/register', {
    multipart: { firstname: 'Pat', lastname: 'Panel', email, password, password_confirmation: password, ...extra },
  });
  return { client, response };
}

describe('registration', () => {
  it('refuses a breached password with a 422 on the password field, sending only 5 characters of its SHA-1', async () => {
    const { response } = await register('breached@example.test', BREACHED);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: MESSAGE, errors: { password: [MESSAGE] } });
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'breached@example.test').execute()).toEqual([]);
    const hash = sha1Hex(BREACHED);
    expect(fake.requests).toEqual([`/range/${hash.slice(0, 5)}`]);
    expect(fake.requests.join('')).not.toContain(hash.slice(5, 12));
  });

  it('takes a password the service does not list (padding lines of count 0 included)', async () => {
    const { client, response } = await register('safe@example.test', SAFE);
    expect(response.status).toBe(201);
    expect((await client.get('/api/user')).body.data.email).toBe('safe@example.test');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a breached password with the other fields in one 422', async () => {
    const { response } = await register('not-an-address', ALSO_BREACHED);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: ['The email field must be a valid email address.'], password: [MESSAGE] });
  });

  it('does not ask about a password the rules refuse already', async () => {
    const { response } = await register('short@example.test', 'short');
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual(['The password field must be at least 8 characters.']);
    expect(fake.requests).toEqual([]);
  });

  it('signs up when the service is down, answers an error or is slower than 1 s', async () => {
    t.config.pwnedPasswordsUrl = await downUrl();
    expect((await register('down@example.test', BREACHED)).response.status).toBe(201);

    t.config.pwnedPasswordsUrl = fake.url;
    fake.mode = 'error';
    expect((await register('erroring@example.test', BREACHED)).response.status).toBe(201);

    // Slower than 1 s: given up (the answer would have said "breached"), the sign-up goes on.
    fake.mode = 'slow';
    fake.delayMs = 10_000;
    const started = performance.now();
    const slow = await register('slow@example.test', BREACHED);
    const elapsed = performance.now() - started;
    expect(slow.response.status).toBe(201);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // Far less than the 10 s answer, however loaded the machine (the hash alone takes a while).
    expect(elapsed).toBeLessThan(8000);
    const checkStarted = performance.now();
    expect(await checkBreachedPassword(t.deps, BREACHED)).toBe('skipped');
    const checkMs = performance.now() - checkStarted;
    expect(checkMs).toBeGreaterThanOrEqual(950);
    expect(checkMs).toBeLessThan(3000);
  });

  it('asks nothing when PWNED_PASSWORDS_URL is empty', async () => {
    t.config.pwnedPasswordsUrl = undefined;
    expect((await register('off@example.test', BREACHED)).response.status).toBe(201);
    expect(fake.requests).toEqual([]);
  });
});

describe('the password reset and change, the admin’s add-user', () => {
  it('refuses a breached password in a reset; the token stays usable for a good one', async () => {
    const user = await createUser(t.deps.db, { email: 'reset-breach@example.test' });
    const guest = new TestClient(t.app);
    await guest.csrf();
    expect((await guest.post('/forgot-password', { json: { email: user.email } })).status).toBe(200);
    await t.deps.jobs.drain();
    const [mail] = await mailsTo(t.deps.mailer.outboxDir!, user.email);
    const token = new URL(mail!.links[0]!).pathname.split('/')[2]!;
    const breached = await guest.post('/reset-password', {
      json: { token, email: user.email, password: BREACHED, password_confirmation: BREACHED },
    });
    expect(breached.status).toBe(422);
    expect(breached.body.errors).toEqual({ password: [MESSAGE] });
    const good = await guest.post('/reset-password', { json: { token, email: user.email, password: SAFE, password_confirmation: SAFE } });
    expect(good.status).toBe(200);
    expect((await login(new TestClient(t.app), user.email, SAFE)).status).toBe(200);
  });

  it('refuses a breached password in a change, and keeps the old one', async () => {
    const user = await createUser(t.deps.db, { email: 'change-breach@example.test' });
    const client = new TestClient(t.app);
    await actingAs(t, client, user.id);
    const breached = await client.put('/user/password', {
      json: { current_password: FACTORY_PASSWORD, password: ALSO_BREACHED, password_confirmation: ALSO_BREACHED },
    });
    expect(breached.status).toBe(422);
    expect(breached.body.errors).toEqual({ password: [MESSAGE] });
    expect((await login(new TestClient(t.app), user.email, FACTORY_PASSWORD)).status).toBe(200);
    // With another field refused too, both in one 422.
    const both = await client.put('/user/password', { json: { password: BREACHED, password_confirmation: BREACHED } });
    expect(both.body.errors).toEqual({ current_password: ['The current password field is required.'], password: [MESSAGE] });
  });

  it('refuses a breached password in the admin’s add-user', async () => {
    const { client } = await adminClient(t);
    const json = { firstname: 'Nia', lastname: 'Cole', email: 'nia.breach@example.test', role: 'user' };
    const breached = await client.post('/api/users', { json: { ...json, password: BREACHED, password_confirmation: BREACHED } });
    expect(breached.status).toBe(422);
    expect(breached.body.errors).toEqual({ password: [MESSAGE] });
    const good = await client.post('/api/users', { json: { ...json, password: SAFE, password_confirmation: SAFE } });
    expect(good.status).toBe(201);
  });

  it('refuses a breached password in the admin’s edit of a user, and changes nothing', async () => {
    const { client } = await adminClient(t);
    const json = { firstname: 'Ola', lastname: 'Penn', email: 'ola.breach@example.test', role: 'user' };
    const created = await client.post('/api/users', { json: { ...json, password: SAFE, password_confirmation: SAFE } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const before = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const breached = await client.patch(`/api/users/${id}`, { json: { ...json, password: BREACHED, password_confirmation: BREACHED } });
    expect(breached.status).toBe(422);
    expect(breached.body.errors).toEqual({ password: [MESSAGE] });
    const after = await t.deps.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    const good = await client.patch(`/api/users/${id}`, { json: { ...json, password: SAFE, password_confirmation: SAFE } });
    expect(good.status).toBe(200);
  });
});

describe('the check itself', () => {
  it('logs a skip when the service cannot be reached', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const config = { ...t.config, pwnedPasswordsUrl: await downUrl() };
    expect(await checkBreachedPassword({ config, log }, BREACHED)).toBe('skipped');
    expect(lines.join('')).toContain('breached-password check skipped');
    expect(await checkBreachedPassword({ config: { ...config, pwnedPasswordsUrl: fake.url }, log }, BREACHED)).toBe('breached');
    expect(await checkBreachedPassword({ config: { ...config, pwnedPasswordsUrl: fake.url }, log }, SAFE)).toBe('not-found');
  });

  it('reads PWNED_PASSWORDS_URL: the real service by default, off when empty, refused when not a URL', () => {
    const dir = t.dataDir;
    expect(loadConfig({ DATA_DIR: dir }).pwnedPasswordsUrl).toBe(DEFAULT_PWNED_PASSWORDS_URL);
    expect(loadConfig({ DATA_DIR: dir, PWNED_PASSWORDS_URL: '' }).pwnedPasswordsUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PWNED_PASSWORDS_URL: 'http://127.0.0.1:9/' }).pwnedPasswordsUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ DATA_DIR: dir, PWNED_PASSWORDS_URL: 'ftp://example.test' })).toThrow(/PWNED_PASSWORDS_URL/);
  });
});
