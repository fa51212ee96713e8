/**
 * Admin journey, users: search, paging (25 a page), the Add modal with its field errors, the edit
 * page (role member, skills, the 80-character preview), CV download, and delete through the
 * "Please Confirm?" dialog.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadedBytes, useJourney } from './support/journey.ts';
import { ApiClient, createUser, uniqueEmail } from './support/api.ts';
import { signIn } from './support/flows.ts';
import { pdfCv } from './support/files.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(j.url('/login?redirect=%2Fadmin'));
  await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
  await page.goto(j.url('/admin/users'));
  await visible(page.getByRole('heading', { name: 'Users', exact: true }));
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search by name or e-mail').fill(text);
  await until(
    () => new URL(page.url()).searchParams.get('search'),
    (s) => s === text,
    `the search for ${text} to be applied`,
  );
}

function rows(page: Page) {
  return page.getByRole('region', { name: 'Users' }).locator('tbody tr');
}

describe('admin: users', () => {
  test('search and paging', async () => {
    const { page } = j;
    const admin = await j.adminApi();
    await j.step('30 users named Pengelly (through the API)', async () => {
      for (let i = 1; i <= 30; i += 1) {
        await createUser(admin, {
          firstname: `Bryher${String(i).padStart(2, '0')}`,
          lastname: 'Pengelly',
          email: uniqueEmail(`pengelly${i}`),
        });
      }
    });
    await signInAsAdmin(page);
    await j.step('search finds them, 25 on the first page', async () => {
      await search(page, 'pengelly');
      await visible(page.getByText('30 users matching “pengelly”'));
      await until(
        () => rows(page).count(),
        (n) => n === 25,
        '25 rows on page 1',
      );
    });
    await j.step('page 2 has the other 5', async () => {
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await pagination.getByRole('button', { name: 'Page 2' }).click();
      await until(
        () => rows(page).count(),
        (n) => n === 5,
        '5 rows on page 2',
      );
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await pagination.getByRole('button', { name: 'Previous' }).click();
      await until(
        () => rows(page).count(),
        (n) => n === 25,
        'back to 25 rows on page 1',
      );
    });
    await j.step('a search by e-mail and a search with no match', async () => {
      await search(page, j.server.adminEmail);
      await until(
        () => rows(page).count(),
        (n) => n === 1,
        'one row for the admin',
      );
      await search(page, 'nobody-is-called-this');
      await visible(page.getByText('No users match “nobody-is-called-this”.'));
    });
  });

  test('add a user in the modal: field errors, then success', async () => {
    const { page } = j;
    const email = uniqueEmail('added');
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await visible(dialog);
    await j.step('bad input: the first message beside each field', async () => {
      await field(dialog, 'First name').fill('Morwenna');
      await field(dialog, 'Last name').fill('Added');
      await field(dialog, 'E-mail').fill(email);
      await field(dialog, 'Password').fill('Long-enough-1');
      await field(dialog, 'Confirm password').fill('Something-else-2');
      await dialog.getByRole('button', { name: 'Add user' }).click();
      await until(
        () => descriptionOf(field(dialog, 'Password')),
        (d) => /confirmation does not match/.test(d),
        'the password message',
      );
      // The server checks the unique e-mail only once the other fields are valid (see auth.test.ts).
      await field(dialog, 'E-mail').fill(j.server.adminEmail);
      await field(dialog, 'Confirm password').fill('Long-enough-1');
      await dialog.getByRole('button', { name: 'Add user' }).click();
      await until(
        () => descriptionOf(field(dialog, 'E-mail')),
        (d) => d === 'The email has already been taken.',
        'the e-mail message',
      );
      await visible(dialog);
    });
    await j.step('good input: the modal closes and the user is listed with role admin', async () => {
      await field(dialog, 'E-mail').fill(email);
      await dialog.getByLabel('Role').selectOption('admin');
      await dialog.getByRole('button', { name: 'Add user' }).click();
      await hidden(dialog);
      await search(page, email);
      await until(
        () => rows(page).count(),
        (n) => n === 1,
        'the new user in the list',
      );
      await visible(rows(page).getByRole('cell', { name: 'admin', exact: true }));
    });
    await j.step('the new user can sign in', async () => {
      const api = new ApiClient(j.server.baseUrl);
      await api.login(email, 'Long-enough-1');
      const me = await api.expect('GET', '/api/user', [200]);
      expect(me.body.data.role).toBe('admin');
    });
  });

  test('edit a user (role member, skills), download the CV, delete with the confirmation dialog', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi(), { firstname: 'Ysella', lastname: 'Carveth' });
    const cv = pdfCv('ysella-carveth-cv.pdf');
    await j.step('the user uploads a CV (through the API)', async () => {
      const api = new ApiClient(j.server.baseUrl);
      await api.login(user.email, user.password);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        telephone: '',
        day: '',
        month: '',
        year: '',
      }))
        form.append(k, v);
      form.append('cvfile', new Blob([new Uint8Array(cv.buffer)], { type: cv.mimeType }), cv.name);
      await api.expect('POST', '/api/user', [200], form);
    });
    await signInAsAdmin(page);
    await j.step('open the user from the list', async () => {
      await search(page, 'Carveth');
      await rows(page).getByRole('link', { name: 'Ysella Carveth' }).click();
      await atPath(page, `/admin/users/${user.id}`);
      await visible(page.getByRole('heading', { name: 'Ysella Carveth' }));
    });
    const skills = 'Panel beating, MIG welding, colour matching with a spectrophotometer, and ceramic coating of classic cars.';
    await j.step('edit: role member, skills, telephone; saved', async () => {
      await page.getByLabel('Role', { exact: true }).selectOption('member');
      await field(page, 'Skills').fill(skills);
      await field(page, 'Telephone').fill('01736 555 321');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Your Changes Have Been Saved' }));
      const saved = await (await j.adminApi()).expect('GET', `/api/users/${user.id}`, [200]);
      expect(saved.body.data).toMatchObject({ role: 'member', skills, telephone: '01736 555 321' });
    });
    await j.step('the list shows role member and the first 80 characters of the skills', async () => {
      await page.getByRole('link', { name: '← All users' }).click();
      await atPath(page, '/admin/users');
      await search(page, 'Carveth');
      const row = rows(page).first();
      await visible(row.getByRole('cell', { name: 'member', exact: true }));
      await visible(row.getByText(`${Array.from(skills).slice(0, 80).join('')}…`));
      await row.getByRole('link', { name: 'Ysella Carveth' }).click();
    });
    await j.step('Download CV gives the original file', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(cv.name);
      expect((await downloadedBytes(download)).equals(cv.buffer)).toBe(true);
    });
    await j.step('Delete user: Cancel keeps it; Confirm deletes it and returns to the list', async () => {
      await page.getByRole('button', { name: 'Delete user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await visible(dialog.getByText('Are you sure you want to do this?'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
      await atPath(page, `/admin/users/${user.id}`);
      await page.getByRole('button', { name: 'Delete user' }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, '/admin/users');
      await search(page, 'Carveth');
      await visible(page.getByText('No users match “Carveth”.'));
      const gone = await (await j.adminApi()).request('GET', `/api/users/${user.id}`);
      expect(gone.status).toBe(404);
    });
  });
});
