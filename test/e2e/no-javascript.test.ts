/**
 * The forms with JavaScript off in Chromium (src/server/forms/): register, sign in, reset a
 * forgotten password through the e-mailed link and ask for a quote; the address never carries
 * what was typed, and no form of the route table's screens submits by GET.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { uniqueEmail } from './support/api.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { atPath, field, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

/** Every address the page went to during `fn`, to check none carries what was typed. */
async function addressesDuring(page: Page, fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const note = (request: { url(): string }) => void seen.push(request.url());
  page.on('request', note);
  try {
    await fn();
  } finally {
    page.off('request', note);
  }
  return seen;
}

describe('without JavaScript', () => {
  test('registers, signs in, resets a password and asks for a quote; nothing typed in an address', async () => {
    const { page } = await j.newContext({ javaScriptEnabled: false });
    const email = uniqueEmail('noscript');
    const password = 'Harbour-wall-2031';
    const newPassword = 'Lighthouse-lamp-2032';
    const typed = [encodeURIComponent(email), password, newPassword, 'Dent in the tailgate'];

    const addresses = await addressesDuring(page, async () => {
      await j.step('register', async () => {
        await page.goto(j.url('/register'));
        await field(page, 'First Name').fill('Nell');
        await field(page, 'Last Name').fill('Script');
        await field(page, 'Email Address').fill(email);
        await field(page, 'Password').fill(password);
        await field(page, 'Confirm Password').fill('not-the-same-one');
        await page.getByRole('button', { name: 'Register' }).click();
        await visible(page.getByRole('alert').filter({ hasText: 'Some of your information is invalid' }));
        expect(await field(page, 'First Name').inputValue()).toBe('Nell');
        expect(await field(page, 'Password').inputValue()).toBe('');
        await field(page, 'Password').fill(password);
        await field(page, 'Confirm Password').fill(password);
        await page.getByRole('button', { name: 'Register' }).click();
        await atPath(page, '/account');
      });
      await j.step('sign in after signing out (cookies cleared)', async () => {
        await page.context().clearCookies();
        await page.goto(j.url('/login'));
        await field(page, 'Email Address').fill(email);
        await field(page, 'Password').fill('wrong-password-here');
        await page.getByRole('button', { name: 'Log in' }).click();
        await visible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
        expect(await field(page, 'Email Address').inputValue()).toBe(email);
        await field(page, 'Password').fill(password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await atPath(page, '/');
      });
      await j.step('forgotten password, reset by the e-mailed link, sign in with the new one', async () => {
        await page.context().clearCookies();
        await page.goto(j.url('/forgot-password'));
        await field(page, 'Email Address').fill(email);
        await page.getByRole('button', { name: 'Send Password-Reset E-Mail' }).click();
        await visible(page.getByText('we have e-mailed a password reset link'));
        const mail = await waitForMail(j.server.dataDir, email, { subject: /reset/i });
        await page.goto(j.url(linkIn(mail, /^\/reset-password\//)));
        await field(page, 'Email Address').fill(email);
        await field(page, 'New Password').fill(newPassword);
        await field(page, 'Confirm New Password').fill(newPassword);
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await atPath(page, '/login');
        await visible(page.getByText('Your password has been reset.'));
        await field(page, 'Email Address').fill(email);
        await field(page, 'Password').fill(newPassword);
        await page.getByRole('button', { name: 'Log in' }).click();
        await atPath(page, '/');
      });
      await j.step('ask for a quote', async () => {
        await page.goto(j.url('/quote'));
        await field(page, 'Your name').fill('Nell Script');
        await field(page, 'E-mail address').fill(email);
        await field(page, 'Vehicle (make and model)').fill('Land Rover Defender');
        await field(page, 'Describe the damage').fill('Dent in the tailgate after reversing into a bollard at the harbour.');
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Send my request' }).click();
        await atPath(page, '/quote');
        await visible(page.getByText('Thank you, we have your request'));
      });
    });
    // The reset link the shop mailed names the address itself (the original site's link); nothing else may.
    const sent = addresses.filter((address) => !new URL(address).pathname.startsWith('/reset-password/'));
    expect(sent.length).toBeGreaterThan(10);
    for (const address of sent) for (const value of typed) expect(address, address).not.toContain(value);
  });

  test('no form on the sign-in and quote screens submits by GET', async () => {
    const { page } = await j.newContext({ javaScriptEnabled: false });
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password/x', '/two-factor-challenge', '/quote', '/book']) {
      await page.goto(j.url(path));
      const methods = await page.locator('form').evaluateAll((forms) => forms.map((f) => (f as HTMLFormElement).method));
      for (const method of methods) expect(method, path).toBe('post');
    }
  });
});
