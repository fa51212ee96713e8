/**
 * Two-factor journey: set-up with the QR code's setup key (codes computed here as an
 * authenticator app would), sign-in with a code and with a recovery code, reset of the recovery
 * codes, and deactivation after the "Please Confirm?" dialog. Each protected action first goes
 * through Confirm Password and comes back (423).
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { fillLogin, signIn } from './support/flows.ts';
import { totpCode } from '#test/support/totp.ts';
import { atPath, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

/**
 * After an action that needs a recently confirmed password: waits until either its result shows
 * or the app has gone to Confirm Password (423); in the second case confirms and waits to be back.
 */
async function confirmPasswordIfAsked(page: Page, password: string, returnTo: string, result: Locator): Promise<boolean> {
  await until(
    async () => new URL(page.url()).pathname === '/confirm-password' || (await result.first().isVisible()),
    Boolean,
    `the result on ${returnTo}, or Confirm Password`,
  );
  if (new URL(page.url()).pathname !== '/confirm-password') return false;
  await visible(page.getByRole('heading', { name: 'Confirm Password' }));
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await atPath(page, returnTo);
  return true;
}

function recoveryCodes(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Recovery codes' }).locator('code').allTextContents();
}

async function signOut(page: Page): Promise<void> {
  await page.goto(j.url('/account'));
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await atPath(page, '/');
  await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
}

describe('two-factor authentication', () => {
  test('set up, sign in with a code and a recovery code, reset the codes, deactivate', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Demelza' });
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/2fa'));
    await visible(page.getByRole('heading', { name: 'Two Factor Authentication' }));

    const secret = await j.step('Activate (after confirming the password) shows the QR code and the setup key', async () => {
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await page.getByRole('button', { name: 'Activate' }).click();
      // Signing in does not count as confirming the password (docs/rest-contract.md), so 423 comes first.
      expect(await confirmPasswordIfAsked(page, user.password, '/account/2fa', qr)).toBe(true);
      await page.getByRole('button', { name: 'Activate' }).click();
      await visible(qr);
      await visible(qr.locator('svg'));
      const keyText = await (await visible(page.getByText(/^Setup key:/))).first().locator('code').textContent();
      const key = (keyText ?? '').trim();
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      return key;
    });

    await j.step('a wrong code is refused', async () => {
      const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
      await field(page, 'Code').fill(wrong);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'The provided two factor authentication code was invalid.' }));
    });

    const firstCodes = await j.step('the code from the setup key turns it on and shows 8 recovery codes', async () => {
      await field(page, 'Code').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await visible(page.getByText('Two-factor authentication is on.'));
      return until(
        () => recoveryCodes(page),
        (codes) => codes.length === 8,
        'eight recovery codes',
      );
    });

    const codes = await j.step('Regenerate Recovery Codes reloads a new list', async () => {
      await page.getByRole('button', { name: 'Regenerate Recovery Codes' }).click();
      return until(
        () => recoveryCodes(page),
        (list) => list.length === 8 && list.every((c) => !firstCodes.includes(c)),
        'eight new recovery codes',
      );
    });

    await j.step('sign-in now asks for a code; a wrong one is refused; the app code signs in (to Home)', async () => {
      await signOut(page);
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, user.password);
      await atPath(page, '/two-factor-challenge');
      await visible(page.getByRole('heading', { name: '2FA Authentication' }));
      await field(page, 'Authentication or recovery code').fill('12345');
      await page.getByRole('button', { name: 'Log in' }).click();
      await visible(page.getByRole('alert'));
      // The confirmation used this step's code; a code is accepted once, so use the next step's.
      await field(page, 'Authentication or recovery code').fill(totpCode(secret, 1));
      await page.getByRole('button', { name: 'Log in' }).click();
      await atPath(page, '/');
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }));
    });

    await j.step('an old recovery code (before the reset) is refused; a current one signs in', async () => {
      await signOut(page);
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, user.password);
      await atPath(page, '/two-factor-challenge');
      await field(page, 'Authentication or recovery code').fill(firstCodes[0]!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'The provided two factor recovery code was invalid.' }));
      await field(page, 'Authentication or recovery code').fill(codes[3]!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await atPath(page, '/');
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }));
    });

    await j.step('Show Recovery Codes: the used code has been replaced, 8 remain', async () => {
      await page.goto(j.url('/account/2fa'));
      await page.getByRole('button', { name: 'Show Recovery Codes' }).click();
      // A new session (signed in again): the codes need the password confirmed first.
      if (
        await confirmPasswordIfAsked(
          page,
          user.password,
          '/account/2fa',
          page.getByRole('list', { name: 'Recovery codes' }).locator('code'),
        )
      ) {
        await page.getByRole('button', { name: 'Show Recovery Codes' }).click();
      }
      const now = await until(
        () => recoveryCodes(page),
        (list) => list.length === 8,
        'eight recovery codes',
      );
      expect(now).not.toContain(codes[3]);
    });

    await j.step('Deactivate: Cancel keeps it on; Confirm turns it off', async () => {
      await page.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await visible(dialog);
      await visible(dialog.getByText('Are you sure you want to do this?'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
      await visible(page.getByText('Two-factor authentication is on.'));
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await hidden(dialog);
      await visible(page.getByRole('button', { name: 'Activate' }));
      await hidden(page.getByText('Two-factor authentication is on.'));
    });

    await j.step('sign-in no longer asks for a code', async () => {
      await signOut(page);
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, user.password);
      await atPath(page, '/');
    });
  });
});
