// Which sign-ins send the "new sign-in" security e-mail: a device is known by its signed, httpOnly
// device cookie, never by its User-Agent, which anyone can copy. A sign-in without a valid cookie
// known for that user is new, whatever browser and system it names.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createUser } from '#test/support/factories.ts';
import { turnOnTwoFactor } from '#test/support/accounts.ts';
import { deviceCookieValue } from '#server/auth/device-cookie.ts';
import {
  CHROME_WINDOWS,
  CHROME_WINDOWS_UPDATED,
  DeviceClient,
  expectDevice,
  FIREFOX_LINUX,
  SAFARI_IPHONE,
  securityAlerts,
  signIn,
} from '#test/support/security-mail.ts';

const DEVICE_COOKIE = 'bodyshop_device';
const COOKIE_SHAPE = /^[A-Za-z0-9_-]{22}\.\d{10}\.[0-9a-f]{64}$/;
const idOf = (cookie: string | undefined) => cookie?.split('.')[0];

let t: TestApp;
beforeAll(async () => {
  // Behind one proxy: the address in the mails is the client's, from X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t?.close();
});

const device = (userAgent: string, ip?: string) => new DeviceClient(t.app, userAgent, ip);
const newSignIns = (email: string) => securityAlerts(t, email, 'New sign-in');

/** A client that sends only `cookie` as its device cookie: another browser holding a copy of it. */
function holding(cookie: string, userAgent = CHROME_WINDOWS): DeviceClient {
  const client = device(userAgent);
  client.setCookie(DEVICE_COOKIE, cookie);
  return client;
}

describe('the device cookie', () => {
  it('is set at sign-in: httpOnly, SameSite=Lax, Path=/, for 400 days, a signed random id', async () => {
    const user = await createUser(t.deps.db, { email: 'cookie-shape@example.test' });
    const response = await signIn(device(CHROME_WINDOWS), user.email);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 400 * 24 * 60 * 60 });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.value).toMatch(COOKIE_SHAPE);
    // The table keeps the id's SHA-256, not the id.
    const rows = await t.deps.db.selectFrom('known_devices').select('device_hash').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.device_hash)).toEqual([createHash('sha256').update(idOf(cookie!.value)!).digest('hex')]);
  });

  it('is Secure when APP_URL is https, as the session cookie is', async () => {
    const secure = await createTestApp({ APP_URL: 'https://shop.example.test' });
    try {
      const user = await createUser(secure.deps.db, { email: 'secure-cookie@example.test' });
      const response = await signIn(new DeviceClient(secure.app, CHROME_WINDOWS), user.email);
      expect(response.cookies.find((c) => c.name === 'bodyshop_session')?.secure).toBe(true);
      expect(response.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('a sign-in from a new device', () => {
  it('is e-mailed when the User-Agent is copied but the device cookie is not', async () => {
    const user = await createUser(t.deps.db, { email: 'copied-agent@example.test', firstname: 'Dev' });
    const owner = device(CHROME_WINDOWS);
    await signIn(owner, user.email);
    let mails = await newSignIns(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-in to your account - Harbourside Body & Paint');
    expect(mails[0]!.text).toContain('Hello Dev,');
    expectDevice(mails[0]!, 'Chrome 120 on Windows 10');

    // The owner's browser and system, from the owner's address: still a device never seen.
    const copycat = device(CHROME_WINDOWS);
    await signIn(copycat, user.email);
    mails = await newSignIns(user.email);
    expect(mails).toHaveLength(2);
    expectDevice(mails[1]!, 'Chrome 120 on Windows 10');
    expect(idOf(copycat.cookie(DEVICE_COOKIE))).not.toBe(idOf(owner.cookie(DEVICE_COOKIE)));
  });

  it('is not e-mailed when the sign-in sends the device cookie of an earlier one, whatever the browser says', async () => {
    const user = await createUser(t.deps.db, { email: 'known-cookie@example.test' });
    const owner = device(CHROME_WINDOWS);
    await signIn(owner, user.email);
    const first = owner.cookie(DEVICE_COOKIE)!;
    expect(await owner.post('/logout')).toMatchObject({ status: 204 });

    // Signed out, the browser updated: the cookie outlives both, the same device id signed again.
    owner.userAgent = CHROME_WINDOWS_UPDATED;
    await signIn(owner, user.email);
    expect(idOf(owner.cookie(DEVICE_COOKIE))).toBe(idOf(first));
    // The cookie alone, in a client with no session and another User-Agent.
    await signIn(holding(first, FIREFOX_LINUX), user.email);
    expect(await newSignIns(user.email)).toHaveLength(1);
  });

  it('counts a forged, tampered or expired cookie as none, and replaces it', async () => {
    const user = await createUser(t.deps.db, { email: 'forged-cookie@example.test' });
    const owner = device(CHROME_WINDOWS);
    await signIn(owner, user.email);
    const genuine = owner.cookie(DEVICE_COOKIE)!;
    const [id, expires, signature] = genuine.split('.') as [string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    // Signed with the app's own key, 401 days ago: a cookie the browser should have dropped.
    const expired = deviceCookieValue(t.deps.config.appKey, id, Date.now() - 401 * 24 * 60 * 60 * 1000);
    const bad = [
      `${id}.${expires}.${flip(signature, 10)}`, // signature tampered
      `${flip(id, 3)}.${expires}.${signature}`, // id swapped under the owner's signature
      `${id}.${Number(expires) + 3600}.${signature}`, // lifetime stretched
      expired,
      `${'A'.repeat(22)}.${expires}.${'0'.repeat(64)}`, // made up
      id, // the id without its signature
    ];
    for (const cookie of bad) {
      const client = holding(cookie);
      await signIn(client, user.email);
      const replaced = client.cookie(DEVICE_COOKIE)!;
      expect(replaced).toMatch(COOKIE_SHAPE);
      expect(idOf(replaced)).not.toBe(idOf(cookie));
      expect(idOf(replaced)).not.toBe(id);
    }
    expect(await newSignIns(user.email)).toHaveLength(1 + bad.length);
  });

  it('is e-mailed for a device known only for another user, which then becomes known for both', async () => {
    const other = await createUser(t.deps.db, { email: 'first-user-of-device@example.test' });
    const user = await createUser(t.deps.db, { email: 'second-user-of-device@example.test' });
    const shared = device(SAFARI_IPHONE);
    await signIn(shared, other.email);
    const othersCookie = shared.cookie(DEVICE_COOKIE)!;
    await shared.post('/logout');

    await signIn(shared, user.email);
    const mails = await newSignIns(user.email);
    expect(mails).toHaveLength(1);
    expectDevice(mails[0]!, 'Safari 17 on iOS 17.1');
    // A valid cookie is kept: one browser, two accounts; each now knows it.
    expect(idOf(shared.cookie(DEVICE_COOKIE))).toBe(idOf(othersCookie));
    await signIn(holding(othersCookie), user.email);
    await signIn(holding(othersCookie), other.email);
    expect(await newSignIns(user.email)).toHaveLength(1);
    expect(await newSignIns(other.email)).toHaveLength(1);
  });

  it('sends one mail for parallel sign-ins from one device new to the user', async () => {
    const other = await createUser(t.deps.db, { email: 'parallel-other@example.test' });
    const user = await createUser(t.deps.db, { email: 'parallel-devices@example.test' });
    const first = device(SAFARI_IPHONE);
    await signIn(first, other.email);
    const cookie = first.cookie(DEVICE_COOKIE)!;
    await Promise.all(Array.from({ length: 4 }, () => signIn(holding(cookie, SAFARI_IPHONE), user.email)));
    const mails = await newSignIns(user.email);
    expect(mails).toHaveLength(1);
    expectDevice(mails[0]!, 'Safari 17 on iOS 17.1');
  });

  it('knows the device an account was registered on, not its User-Agent', async () => {
    const client = device(FIREFOX_LINUX);
    await client.csrf();
    const email = 'registered-device@example.test';
    const registered = await client.post('/api/register', {
      multipart: { firstname: 'Reg', lastname: 'Istered', email, password: 'first-password', password_confirmation: 'first-password' },
    });
    expect(registered.status).toBe(201);
    expect(client.cookie(DEVICE_COOKIE)).toMatch(COOKIE_SHAPE);
    await client.post('/logout');
    await signIn(client, email, 'first-password');
    expect(await securityAlerts(t, email)).toEqual([]);
    await signIn(device(FIREFOX_LINUX), email, 'first-password');
    expect(await newSignIns(email)).toHaveLength(1);
  });

  it('is decided after the two-factor step, which sets the cookie, not before it', async () => {
    const user = await createUser(t.deps.db, { email: 'two-factor-device@example.test' });
    const first = device(CHROME_WINDOWS);
    await signIn(first, user.email);
    const { codes } = await turnOnTwoFactor(first);
    const other = device(SAFARI_IPHONE);
    expect((await signIn(other, user.email)).body).toEqual({ two_factor: true });
    expect(other.cookie(DEVICE_COOKIE)).toBeUndefined();
    expect(await newSignIns(user.email)).toHaveLength(1);
    expect((await other.post('/two-factor-challenge', { json: { recovery_code: codes[0] } })).status).toBe(204);
    expect(other.cookie(DEVICE_COOKIE)).toMatch(COOKIE_SHAPE);
    const mails = await newSignIns(user.email);
    expect(mails).toHaveLength(2);
    expectDevice(mails[1]!, 'Safari 17 on iOS 17.1');
  });
});
