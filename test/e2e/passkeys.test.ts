/**
 * Passkeys in Chromium with the DevTools protocol's virtual authenticator (WebAuthn.enable,
 * WebAuthn.addVirtualAuthenticator): real WebAuthn ceremonies against the built site. Register on
 * Sign-in & Security (after confirming the password), sign in with the button, sign in from the
 * e-mail field's autofill, a cloned authenticator (its counter gone back) refused, a registration
 * made on another origin refused, remove; a passkey confirming in place of the password; an invited
 * technician setting up a passkey instead of a password. WebAuthn refuses an IP address as the relying party, so
 * this server's address is http://localhost:<port> (APP_URL); http://other.localhost:<port> is the
 * same server under another origin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { chromiumArgs, chromiumPath } from './support/chromium.ts';
import { ApiClient, createUser } from './support/api.ts';
import { fillLogin } from './support/flows.ts';
import { atPath, field, hidden, until, visible } from './support/ui.ts';
import { linkIn, listMail, waitForMail } from './support/mail.ts';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate'), host: 'localhost' }),
    chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 60_000 }),
  ]);
});

afterAll(async () => {
  await Promise.allSettled(contexts.map((c) => c.close()));
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

const url = (pathname: string, host = 'localhost') => {
  const u = new URL(pathname, server.baseUrl);
  u.hostname = host;
  return u.toString();
};

async function openPage(): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  contexts.push(context);
  // The button's steps turn the autofill off (the virtual authenticator answers an autofill request
  // at once, so it would sign in before the button is pressed).
  await context.addInitScript(() => {
    if (localStorage.getItem('e2e-no-autofill') && window.PublicKeyCredential) {
      window.PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    }
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

async function goto(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
}

async function passwordSignIn(page: Page, email: string, password: string, host = 'localhost'): Promise<void> {
  await goto(page, url('/login', host));
  await fillLogin(page, email, password);
  await atPath(page, '/');
}

async function signOut(page: Page): Promise<void> {
  await goto(page, url('/account'));
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await atPath(page, '/');
}

async function setAutofill(page: Page, on: boolean): Promise<void> {
  await page.evaluate((off) => (off ? localStorage.setItem('e2e-no-autofill', '1') : localStorage.removeItem('e2e-no-autofill')), !on);
}

async function signedInAs(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/user', { headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as { data: { email: string } }).data.email : null;
  });
}

async function lastUsedAt(api: ApiClient, name: string): Promise<string | null> {
  const list = (await api.expect('GET', '/api/user/passkeys', [200])).body.data as { name: string; last_used_at: string | null }[];
  return list.find((p) => p.name === name)?.last_used_at ?? null;
}

describe('passkeys', () => {
  test('register, sign in, sign in by autofill, a cloned counter refused, remove', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login(server.adminEmail, server.adminPassword);
    const user = await createUser(admin, { firstname: 'Petroc' });
    const { page, cdp, authenticatorId } = await openPage();

    // Register: Sign-in & Security, the password confirmed first (423), then the ceremony.
    await passwordSignIn(page, user.email, user.password);
    await goto(page, url('/account/security'));
    await visible(page.getByRole('heading', { name: 'Sign-in & security' }));
    await field(page, 'Name for the passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await atPath(page, '/confirm-password');
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await atPath(page, '/account/security');
    await field(page, 'Name for the passkey').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await visible(page.getByText('Passkey "Work laptop" added. You can now sign in with it.'));
    const list = page.getByRole('list', { name: 'Passkeys' });
    await visible(list.getByText('Work laptop'));
    await visible(list.getByText('Not used yet'));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');
    expect(credentials[0]!.isResidentCredential).toBe(true);
    // The security e-mail, once, naming the browser.
    const added = await waitForMail(server.dataDir, user.email, { subject: /^A passkey was added to your account/ });
    expect(added.text).toMatch(/From: Chrom\w* \d+ on Linux/);
    expect(added.links.some((link) => link.startsWith(`${server.baseUrl}/this-wasnt-me/`))).toBe(true);
    expect((await listMail(server.dataDir)).filter((m) => m.subject.startsWith('A passkey was added'))).toHaveLength(1);

    // Sign in with the button: complete on its own, home, signed in.
    await signOut(page);
    expect(await signedInAs(page)).toBeNull();
    await setAutofill(page, false);
    await goto(page, url('/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await atPath(page, '/');
    await until(
      () => signedInAs(page),
      (email) => email === user.email,
      'signed in with the passkey',
    );
    await goto(page, url('/account/security'));
    await visible(page.getByRole('list', { name: 'Passkeys' }).getByText(/Last used .+ on Chrom/));

    // Sign in by autofill: the e-mail field offers the passkey (conditional mediation).
    await signOut(page);
    await setAutofill(page, true);
    await page.goto(url('/login'));
    await expect(page.locator('input[name="email"]').getAttribute('autocomplete')).resolves.toBe('username webauthn');
    // No button pressed: the e-mail field's autofill request is answered by the authenticator.
    await atPath(page, '/', 20_000);
    await until(
      () => signedInAs(page),
      (email) => email === user.email,
      'signed in through the autofill',
      20_000,
    );

    // A clone: the same key with its counter gone back to 0 is refused.
    await signOut(page);
    const { credentials: now } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    const used = now[0]!;
    expect(used.signCount).toBeGreaterThan(1);
    await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: used.credentialId });
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...used, signCount: 0 } });
    await setAutofill(page, false);
    await goto(page, url('/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await visible(page.getByText('This passkey could not be used to sign in. Try again, or sign in another way.'));
    expect(await signedInAs(page)).toBeNull();

    // Remove: signed in again (the password), the passkey goes after the confirmation.
    await passwordSignIn(page, user.email, user.password);
    const userApi = new ApiClient(server.baseUrl);
    await userApi.login(user.email, user.password);
    expect(await lastUsedAt(userApi, 'Work laptop')).not.toBeNull();
    await goto(page, url('/account/security'));
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    // A new session: removing asks for the password first (423), then the app comes back.
    const empty = page.getByText('You have no passkeys yet.');
    await until(
      async () => new URL(page.url()).pathname === '/confirm-password' || (await empty.isVisible()),
      Boolean,
      'the list emptied, or Confirm Password',
    );
    if (new URL(page.url()).pathname === '/confirm-password') {
      await field(page, 'Password').fill(user.password);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, '/account/security');
      await page.getByRole('button', { name: 'Remove Work laptop' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await visible(page.getByText('You have no passkeys yet.'));
    await hidden(page.getByRole('list', { name: 'Passkeys' }));
    expect((await userApi.expect('GET', '/api/user/passkeys', [200])).body.data).toEqual([]);
  });

  test('a passkey confirms in place of the password before a protected action', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login(server.adminEmail, server.adminPassword);
    const user = await createUser(admin, { firstname: 'Kenwyn' });
    const { page } = await openPage();
    await passwordSignIn(page, user.email, user.password);
    // The next sign-in is by password: the authenticator must not answer the login page's autofill.
    await setAutofill(page, false);
    await goto(page, url('/account/security'));
    await field(page, 'Name for the passkey').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await atPath(page, '/confirm-password');
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await atPath(page, '/account/security');
    await field(page, 'Name for the passkey').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await visible(page.getByText('Passkey "Phone" added. You can now sign in with it.'));

    // A new session: removing asks for a confirmation (423), which the passkey gives.
    await signOut(page);
    await passwordSignIn(page, user.email, user.password);
    await goto(page, url('/account/security'));
    await page.getByRole('button', { name: 'Remove Phone' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await atPath(page, '/confirm-password');
    await visible(page.getByRole('button', { name: 'E-mail me a code' }));
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await atPath(page, '/account/security');
    await page.getByRole('button', { name: 'Remove Phone' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await visible(page.getByText('You have no passkeys yet.'));
  });

  test('a passkey registered on another origin is refused', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login(server.adminEmail, server.adminPassword);
    const user = await createUser(admin, { firstname: 'Ysella' });
    const { page, cdp, authenticatorId } = await openPage();
    // The same server under another name: its pages work, but APP_URL names localhost.
    await passwordSignIn(page, user.email, user.password, 'other.localhost');
    const answer = await page.evaluate(async (password) => {
      const xsrf = () => decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrf() },
          body: JSON.stringify(body),
        });
      await post('/user/confirm-password', { password });
      const { options } = (await (await post('/api/user/passkeys/options', {})).json()) as {
        options: { challenge: string; user: { id: string; name: string; displayName: string }; rp: { name: string }; pubKeyCredParams: [] };
      };
      const fromB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const toB64 = (b: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(b)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      // The ceremony as a page on this origin runs it: its own RP ID, the server's challenge.
      const credential = (await navigator.credentials.create({
        publicKey: {
          challenge: fromB64(options.challenge),
          rp: { name: options.rp.name, id: 'other.localhost' },
          user: { id: fromB64(options.user.id), name: options.user.name, displayName: options.user.displayName },
          pubKeyCredParams: options.pubKeyCredParams,
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          attestation: 'none',
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAttestationResponse;
      const res = await post('/api/user/passkeys', {
        name: 'Elsewhere',
        response: {
          id: credential.id,
          rawId: toB64(credential.rawId),
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: toB64(response.clientDataJSON),
            attestationObject: toB64(response.attestationObject),
            transports: [],
          },
        },
      });
      return { status: res.status, body: (await res.json()) as unknown };
    }, user.password);
    // The authenticator made it, for other.localhost; the site refuses it.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => c.rpId)).toEqual(['other.localhost']);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: { response: ['The passkey could not be added. Please try again.'] } });
    const userApi = new ApiClient(server.baseUrl);
    await userApi.login(user.email, user.password);
    expect((await userApi.expect('GET', '/api/user/passkeys', [200])).body.data).toEqual([]);
  });

  test('an invited technician sets up a passkey instead of a password and lands on the repair board', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login(server.adminEmail, server.adminPassword);
    const email = `passkey-technician-${Date.now()}@example.com`;
    await admin.expect('POST', '/api/users/invitations', [201], { email, name: 'Morwenna Pascoe', staff_role: 'technician' });
    const link = linkIn(await waitForMail(server.dataDir, email, { subject: /invited/ }), /^\/accept-invitation\//);
    const { page } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, link);
    await visible(page.getByRole('heading', { name: 'Or use a passkey instead' }));
    await page.getByRole('button', { name: 'Set up a passkey and sign in' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome to the team' }));
    await visible(page.getByText('Your account is ready, with your passkey, and you are signed in.'));
    expect(await page.getByRole('heading', { name: 'Add a passkey' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Start' }).click();
    await atPath(page, '/admin/repairs');

    // A fresh start (no session cookie): the passkey signs them in again.
    await setAutofill(page, false);
    await page.context().clearCookies();
    await goto(page, url('/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await until(
      () => signedInAs(page),
      (who) => who === email,
      'signed in with the invitation passkey',
    );
  });
});
