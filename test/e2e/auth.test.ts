/**
 * Sign-in journeys: registration with its field errors and banner, then verification by the link
 * in the e-mail; login (wrong password, Remember me, the return to the page that asked for it)
 * and logout; the forgotten password and its reset through the e-mail.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { createUser, uniqueEmail } from './support/api.ts';
import { fillLogin } from './support/flows.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

describe('registration and verification', () => {
  test('register: field errors and banner, then success, then verify by the e-mailed link', async () => {
    const { page } = j;
    const email = uniqueEmail('newcomer');
    const password = 'Seaside-paint-2024';
    await page.goto(j.url('/'));
    await j.step('Sign up now from the Login card', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
      await atPath(page, '/login');
      await page.getByRole('link', { name: 'Sign up now' }).click();
      await atPath(page, '/register');
      await visible(page.getByRole('heading', { name: 'Create Account' }));
      await visible(page.getByRole('heading', { name: 'Register' }));
      await visible(page.getByRole('link', { name: 'Terms and Conditions' }));
      await visible(page.getByRole('link', { name: 'Privacy Policy' }));
    });
    await j.step('invalid details: the banner and the first message beside each field', async () => {
      await field(page, 'First Name').fill('Jenny');
      await field(page, 'Last Name').fill('Pascoe');
      await field(page, 'Email Address').fill(email);
      await field(page, 'Password').fill('short');
      await field(page, 'Confirm Password').fill('different');
      await page.getByRole('button', { name: 'Register' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Some of your information is invalid please check and re-submit.' }));
      await until(
        () => descriptionOf(field(page, 'Password')),
        (d) => d === 'The password field must be at least 8 characters.',
        'the first password message beside the field',
      );
      expect(await field(page, 'Password').getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(field(page, 'First Name'))).toBe('');
      expect(await descriptionOf(field(page, 'Email Address'))).toBe('');
      await atPath(page, '/register');
    });
    await j.step('a taken e-mail address: its message beside the e-mail field', async () => {
      await field(page, 'Email Address').fill(j.server.adminEmail);
      await field(page, 'Password').fill(password);
      await field(page, 'Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Register' }).click();
      await until(
        () => descriptionOf(field(page, 'Email Address')),
        (d) => d === 'The email has already been taken.',
        'the e-mail message beside the field',
      );
      await visible(page.getByRole('alert').filter({ hasText: 'Some of your information is invalid please check and re-submit.' }));
      expect(await descriptionOf(field(page, 'Password'))).toBe('');
    });
    await j.step('valid details: signed in and taken to the account', async () => {
      await field(page, 'Email Address').fill(email);
      await page.getByRole('button', { name: 'Register' }).click();
      await atPath(page, /^\/account/);
      await visible(page.getByRole('heading', { name: 'Welcome, Jenny' }));
      await hidden(page.getByText('Some of your information is invalid please check and re-submit.'));
    });
    await j.step('the verification e-mail arrives and its link verifies the address', async () => {
      const mail = await waitForMail(j.server.dataDir, email, { subject: /verify/i });
      const link = linkIn(mail, /\/email\/verify\//);
      expect(new URL(link).origin).toBe(j.server.baseUrl);
      await page.goto(link);
      await atPath(page, /^\/account/);
      await visible(page.getByRole('heading', { name: 'Welcome, Jenny' }));
      const me = await page.evaluate(async () => (await fetch('/api/user', { headers: { accept: 'application/json' } })).json());
      expect(me.data.email).toBe(email);
      expect(me.data.email_verified_at).not.toBeNull();
    });
    await j.step('a verified user can save the profile (no more 403)', async () => {
      await page.goto(j.url('/account/profile'));
      await field(page, 'Telephone').fill('01736 555 200');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Your changes have been saved' }));
      await atPath(page, '/account/profile');
    });
  });

  // As Laravel does, one answer carries every field's messages: a taken address and a short
  // password are both shown beside their fields after one submit.
  test('register: every invalid field shows its message at once', async () => {
    const { page } = j;
    await page.goto(j.url('/register'));
    await field(page, 'First Name').fill('Jenny');
    await field(page, 'Last Name').fill('Pascoe');
    await field(page, 'Email Address').fill(j.server.adminEmail);
    await field(page, 'Password').fill('short');
    await field(page, 'Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Some of your information is invalid please check and re-submit.' }));
    expect(await descriptionOf(field(page, 'Password'))).toBe('The password field must be at least 8 characters.');
    expect(await descriptionOf(field(page, 'Email Address'))).toBe('The email has already been taken.');
  });
});

describe('login and logout', () => {
  test('a wrong password shows the message; Remember me keeps a lasting session; logout', async () => {
    const { page, context } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Kerensa' });
    await page.goto(j.url('/login'));
    await j.step('wrong password', async () => {
      await fillLogin(page, user.email, 'not-the-password');
      await visible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
      await atPath(page, '/login');
    });
    await j.step('Remember me: signed in, back to Home, with a persistent session cookie', async () => {
      await fillLogin(page, user.email, user.password, true);
      await atPath(page, '/');
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }));
      const session = (await context.cookies()).find((c) => c.name === 'bodyshop_session');
      expect(session, 'the session cookie').toBeDefined();
      const days = (session!.expires * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(session!.httpOnly).toBe(true);
    });
    await j.step('logout from the account menu returns to / signed out', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }).click();
      await atPath(page, '/account');
      await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await atPath(page, '/');
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
      await page.goto(j.url('/account'));
      await atPath(page, '/login');
    });
    await j.step('without Remember me the session cookie ends with the browser session', async () => {
      await fillLogin(page, user.email, user.password, false);
      await atPath(page, '/account');
      const session = (await context.cookies()).find((c) => c.name === 'bodyshop_session');
      expect(session?.expires).toBe(-1);
    });
  });

  test('login returns to the page that asked for it; the user menu shows the account links', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Tamsin' });
    await page.goto(j.url('/account/password'));
    await atPath(page, '/login');
    await fillLogin(page, user.email, user.password);
    await atPath(page, '/account/password');
    await visible(page.getByRole('heading', { name: 'Change Password' }));
    const menu = page.getByRole('navigation', { name: 'Account' });
    for (const label of ['Dashboard', 'Update Profile', 'Change Password', 'Two Factor Auth'])
      await visible(menu.getByRole('link', { name: label }));
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    // The Dashboard link of the nested account router leads to /account/ (same screen as /account).
    await atPath(page, /^\/account\/?$/);
    await visible(page.getByText('More services will be added to your account soon.'));
  });

  test('an admin sees the Admin link in the account menu', async () => {
    const { page } = j;
    await page.goto(j.url('/login?redirect=%2Faccount'));
    await fillLogin(page, j.server.adminEmail, j.server.adminPassword);
    await atPath(page, '/account');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin' }).click();
    await atPath(page, '/admin');
  });
});

describe('forgotten and reset password', () => {
  async function requestReset(page: Page, email: string): Promise<string> {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await atPath(page, '/forgot-password');
    await field(page, 'Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Password-Reset E-Mail' }).click();
    await visible(
      page.getByRole('status').filter({ hasText: 'If an account exists for that address, we have e-mailed a password reset link.' }),
    );
    const mail = await waitForMail(j.server.dataDir, email, { subject: /reset/i });
    return linkIn(mail, /^\/reset-password\//);
  }

  async function resetWith(page: Page, link: string, email: string, newPassword: string): Promise<void> {
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Please Enter New Password' }));
    await until(
      () => field(page, 'Email Address').inputValue(),
      (v) => v === email,
      'the e-mail to be filled from the link',
    );
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Your password has been reset.' }));
  }

  test('after a failed sign-in: forgot, the e-mailed link, a new password, sign in with it', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Loveday' });
    const newPassword = 'Brand-new-harbour-8';
    await j.step('a failed sign-in', async () => {
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, 'forgotten-it');
      await visible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
    });
    const link = await j.step('Forgot your password? sends the e-mail with the reset link', () => requestReset(page, user.email));
    await j.step('a wrong token is refused with the server message', async () => {
      await page.goto(j.url(`/reset-password/not-the-token?email=${encodeURIComponent(user.email)}`));
      await visible(page.getByRole('heading', { name: 'Please Enter New Password' }));
      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'This password reset token is invalid.' }));
    });
    await j.step('the link resets the password', () => resetWith(page, link, user.email, newPassword));
    await j.step('Return To Login, then sign in with the new password (the old one fails)', async () => {
      await page.getByRole('link', { name: 'Return To Login' }).click();
      await atPath(page, '/login');
      await fillLogin(page, user.email, user.password);
      await visible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
      await fillLogin(page, user.email, newPassword);
      await atPath(page, '/account');
    });
    await j.step('the used link no longer works', async () => {
      const api = j.api();
      await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
      const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
      const again = await api.post('/reset-password', {
        token,
        email: user.email,
        password: 'Third-pass-000',
        password_confirmation: 'Third-pass-000',
      });
      expect(again.status).toBe(422);
    });
  });

  // A visitor who goes straight to "Forgot your password?" (or opens the reset link in a fresh
  // browser, e.g. from the phone's mail app) has no XSRF-TOKEN cookie yet; the client fetches it
  // before the first state-changing call (lib/cookies.ts ensureXsrfToken), so both forms work.
  test('a visitor without cookies: forgot password, then the link in a fresh browser', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Jago' });
    const newPassword = 'Fresh-browser-pass-5';
    await page.goto(j.url('/login'));
    const link = await j.step('Forgot your password? straight away', () => requestReset(page, user.email));
    await j.step('the link in another browser (no cookies)', async () => {
      const other = await j.newContext();
      await resetWith(other.page, link, user.email, newPassword);
    });
  });
});
