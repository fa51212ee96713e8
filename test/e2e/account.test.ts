/**
 * Account journey: update the contact details with a CV and a date of birth (and the 12 MB
 * message for an oversized file, the per-field messages for bad input), change the password,
 * and the confirm-password screen returning to the action that asked for it.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { fillLogin, signIn } from './support/flows.ts';
import { oversizedCv, pdfCv } from './support/files.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

const TOO_LARGE = 'The file you have uploaded is too large. Max 12MB';

function currentUser(
  page: Page,
): Promise<{ data: Record<string, unknown> & { dob: { day: number; month: number; year: number } | null; has_cv: boolean } }> {
  return page.evaluate(async () => (await fetch('/api/user', { headers: { accept: 'application/json' } })).json());
}

describe('account', () => {
  test('update contact details with a CV and a date of birth', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Wenna' });
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account'));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Update Profile' }).click();
    await atPath(page, '/account/profile');
    await visible(page.getByRole('heading', { name: 'Update Contact Details' }));

    await j.step('the date of birth and the CV are grouped for people applying to work with us, optional', async () => {
      const group = page.getByRole('group', { name: 'Applying to work with us?' });
      await visible(group.getByRole('group', { name: 'Date of birth' }));
      await visible(group.getByLabel(/^CV\b/));
      await visible(group.getByText(/optional/));
      expect(await group.getByLabel('Email Address').count()).toBe(0);
    });

    await j.step('an oversized CV shows the 12 MB message on the file field', async () => {
      const input = page.getByLabel(/^CV\b/);
      await input.setInputFiles(oversizedCv());
      await until(
        () => descriptionOf(input),
        (d) => d.includes(TOO_LARGE),
        'the 12 MB message beside the CV field',
      );
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    });

    await j.step('bad input: the first message per field, and one date-of-birth message', async () => {
      // Another account's address, and a date of birth with only its day chosen.
      await field(page, 'Email Address').fill(j.server.adminEmail);
      await page.getByLabel('Day').selectOption('14');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await until(
        () => descriptionOf(field(page, 'Email Address')),
        (d) => d === 'The email has already been taken.',
        'the message beside the e-mail field',
      );
      await visible(page.getByText('You have not entered your date of birth'));
    });

    await j.step('good input with a CV: saved, with the success alert', async () => {
      await field(page, 'First Name').fill('Wenna-Mae');
      await field(page, 'Last Name').fill('Trevithick');
      await field(page, 'Email Address').fill(user.email);
      await field(page, 'Telephone').fill('07700 900123');
      await page.getByLabel('Day').selectOption('14');
      await page.getByLabel('Month').selectOption({ label: 'March' });
      await page.getByLabel('Year').selectOption('1985');
      await page.getByLabel(/^CV\b/).setInputFiles(pdfCv('wenna-cv.pdf'));
      expect(await descriptionOf(page.getByLabel(/^CV\b/))).not.toContain(TOO_LARGE);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Your changes have been saved' }));
      expect(await page.getByText('You have not entered your date of birth').count()).toBe(0);
    });

    await j.step('the saved details come back, the CV is held, the alert goes after its 4 s', async () => {
      const me = await currentUser(page);
      expect(me.data).toMatchObject({ firstname: 'Wenna-Mae', lastname: 'Trevithick', telephone: '07700 900123', has_cv: true });
      expect(me.data.dob).toEqual({ day: 14, month: 3, year: 1985 });
      await visible(page.getByText(/replace the one we hold/));
      await hidden(page.getByRole('status').filter({ hasText: 'Your changes have been saved' }), 10_000);
      await page.reload();
      expect(await field(page, 'First Name').inputValue()).toBe('Wenna-Mae');
      expect(await page.getByLabel('Month').inputValue()).toBe('3');
      await visible(
        page.getByRole('heading', { name: 'Welcome, Wenna-Mae' }).or(page.getByRole('heading', { name: 'Update Contact Details' })),
      );
    });
  });

  test('change the password: wrong current password, success resets the form, the new one signs in', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Piran' });
    const newPassword = 'Changed-at-sea-44';
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account'));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Change Password' }).click();
    await atPath(page, '/account/password');

    await j.step('a wrong current password is refused beside its field', async () => {
      await field(page, 'Current Password').fill('not-my-password');
      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await until(
        () => descriptionOf(field(page, 'Current Password')),
        (d) => d === 'The provided password does not match your current password.',
        'the message beside the current password',
      );
    });

    await j.step('a mismatched confirmation is refused', async () => {
      await field(page, 'Current Password').fill(user.password);
      await field(page, 'Confirm New Password').fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await until(
        () => descriptionOf(field(page, 'New Password')),
        (d) => /confirmation does not match/.test(d),
        'the confirmation message',
      );
    });

    await j.step('success: the message, and the form is reset', async () => {
      await field(page, 'Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await visible(page.getByRole('status').filter({ hasText: /password has been changed/i }));
      for (const label of ['Current Password', 'New Password', 'Confirm New Password'])
        expect(await field(page, label).inputValue()).toBe('');
      expect(await descriptionOf(field(page, 'Current Password'))).toBe('');
    });

    await j.step('the old password fails and the new one signs in', async () => {
      await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await atPath(page, '/');
      await page.goto(j.url('/login'));
      await fillLogin(page, user.email, user.password);
      await visible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
      await fillLogin(page, user.email, newPassword);
      await atPath(page, '/');
    });
  });

  test('confirm password returns to the action that asked for it', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/2fa'));
    await page.getByRole('button', { name: 'Activate' }).click();
    await atPath(page, '/confirm-password');
    await visible(page.getByText('Please confirm your password before continuing.'));
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await atPath(page, '/account/2fa');
    await j.step('the confirmation lasts: the action now runs without asking again', async () => {
      await page.getByRole('button', { name: 'Activate' }).click();
      await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
      await atPath(page, '/account/2fa');
    });
    await j.step('Confirm Password without a redirect goes to the account', async () => {
      await page.goto(j.url('/confirm-password'));
      await field(page, 'Password').fill(user.password);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, /^\/account\/?$/);
    });
  });
});
