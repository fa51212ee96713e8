/**
 * Account self-service: a user signed in on two browsers sees both on Signed-in Devices, signs the
 * other out (which is then signed out), signs out other devices with the password, downloads the
 * data export, and deletes the account (then cannot sign in). axe on the new screens, desktop and
 * phone.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, downloadedBytes, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { fillLogin, settled, signIn } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await settled(page);
  expect(describeViolations(label, await seriousViolations(page))).toBe('');
}

describe('account self-service', () => {
  test('a user on two browsers signs out the other, downloads the data, and deletes the account', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Kerensa' });
    await signIn(page, j.server.baseUrl, user.email, user.password);
    const other = await j.newContext();
    await signIn(other.page, j.server.baseUrl, user.email, user.password);

    await j.step('Signed-in Devices lists both browsers, this one marked', async () => {
      await page.goto(j.url('/account'));
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Signed-in Devices' }).click();
      await atPath(page, '/account/sessions');
      await visible(page.getByRole('heading', { name: 'Signed-in Devices' }));
      await until(
        () => devices(page).count(),
        (n) => n === 2,
        'two devices listed',
      );
      await visible(devices(page).filter({ hasText: 'This device' }));
      expect(await devices(page).filter({ hasText: 'This device' }).count()).toBe(1);
      await visible(devices(page).first().getByText('Chrome on Linux'));
      await expectNoAxeViolations(page, '/account/sessions');
    });

    await j.step('signing out the other browser: Cancel keeps it, Confirm ends it there', async () => {
      const signOut = page.getByRole('button', { name: 'Sign out Chrome on Linux' });
      await signOut.click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
      expect(await devices(page).count()).toBe(2);
      await signOut.click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await until(
        () => devices(page).count(),
        (n) => n === 1,
        'one device left',
      );
      // The other browser is signed out: the account area sends it to Login.
      await other.page.goto(j.url('/account'));
      await atPath(other.page, '/login');
    });

    await j.step('sign out other devices: a wrong password is refused by its field, the right one is taken', async () => {
      await signIn(other.page, j.server.baseUrl, user.email, user.password);
      await page.reload();
      await until(
        () => devices(page).count(),
        (n) => n === 2,
        'the other browser back in the list',
      );
      const password = field(page, 'Password');
      await password.fill('not-my-password');
      await page.getByRole('button', { name: 'Sign out other devices' }).click();
      await until(
        () => descriptionOf(password),
        (d) => d === 'The provided password was incorrect.',
        'the message beside the password',
      );
      await password.fill(user.password);
      await page.getByRole('button', { name: 'Sign out other devices' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Your other devices have been signed out.' }));
      await until(
        () => devices(page).count(),
        (n) => n === 1,
        'only this device left',
      );
      await other.page.goto(j.url('/account/profile'));
      await atPath(other.page, '/login');
    });

    await j.step('Download my data gives a JSON file of the profile and devices', async () => {
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
      // The menu's Dashboard link is the nest's root, /account/.
      await atPath(page, /^\/account\/?$/);
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse((await downloadedBytes(download)).toString('utf8'));
      expect(data.profile).toMatchObject({ email: user.email, firstname: 'Kerensa', two_factor: false });
      expect(data.sessions).toHaveLength(1);
      expect(data.sessions[0]).toMatchObject({ current: true, browser: 'Chrome', system: 'Linux' });
      expect(data.quoteRequests).toEqual([]);
      await expectNoAxeViolations(page, '/account (with Delete Account)');
    });

    await j.step('Delete Account: a wrong password is refused; the right one and Confirm delete it and sign out', async () => {
      const section = page.getByRole('region', { name: 'Delete Account' });
      const password = field(section, 'Password');
      await password.fill('not-my-password');
      await section.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Confirm' }).click();
      await until(
        () => descriptionOf(password),
        (d) => d === 'The provided password was incorrect.',
        'the message beside the password',
      );
      await password.fill(user.password);
      await section.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, '/');
      await visible(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }));
    });

    await j.step('the deleted account cannot sign in', async () => {
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, user.password);
      await visible(page.getByText('These credentials do not match our records.'));
      const api = j.api();
      await api.expect('GET', '/sanctum/csrf-cookie', [204]);
      await api.expect('POST', '/login', [422], { email: user.email, password: user.password });
    });
  });

  test(`the new screens at ${PHONE.width} px have no serious axe violation`, async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const user = await createUser(await j.adminApi(), { firstname: 'Jenifer' });
    await signIn(page, j.server.baseUrl, user.email, user.password);
    for (const [path, heading] of [
      ['/account/sessions', 'Signed-in Devices'],
      ['/account', 'Delete Account'],
    ] as const) {
      await j.step(`axe phone ${path}`, async () => {
        await page.goto(j.url(path));
        await visible(page.getByRole('heading', { name: heading }));
        await expectNoAxeViolations(page, `${path} (phone)`);
      });
    }
  });
});
