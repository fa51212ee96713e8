/**
 * Guards and the global status handling (docs/product.md sections 4 and 8): visitors and plain users sent
 * to Login from guarded areas; 401/419 sign the user out locally and land on Login; 403 (e-mail
 * not verified) goes to /verify-email; 423 goes to /confirm-password and comes back.
 */
import { describe, expect, test } from 'vitest';
import { useJourney } from './support/journey.ts';
import { ApiClient, createUser, uniqueEmail } from './support/api.ts';
import { shareSession, signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

describe('guards', () => {
  test('a visitor is sent to Login from /account and /admin, and comes back after signing in', async () => {
    const { page } = j;
    for (const path of ['/account', '/account/profile', '/admin', '/admin/users']) {
      await j.step(`visitor opens ${path}`, async () => {
        await page.goto(j.url(path));
        await atPath(page, '/login');
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
        await visible(page.getByRole('heading', { name: 'Please Login' }));
      });
    }
    await j.step('signing in from there returns to the page that asked for it', async () => {
      const user = await createUser(await j.adminApi());
      await page.goto(j.url('/account/profile'));
      await atPath(page, '/login');
      await field(page, 'Email Address').fill(user.email);
      await field(page, 'Password').fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await atPath(page, '/account/profile');
      await visible(page.getByRole('heading', { name: 'Update Contact Details' }));
    });
  });

  test('a signed-in user (role user) is kept out of /admin, and Login sends a signed-in user on', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await j.step('the account area is open to the user', async () => {
      await page.goto(j.url('/account'));
      await visible(page.getByRole('heading', { name: `Welcome, ${user.firstname}` }));
      // The Admin link of the account menu is for admins only.
      expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    });
    // The guard sends a role that is not allowed to Login, and Login sends a signed-in user home
    // (no login form for someone already signed in, and no loop back to the page they cannot open).
    for (const path of ['/admin', '/admin/widgets']) {
      await j.step(`user opens ${path}`, async () => {
        await page.goto(j.url(path));
        await atPath(page, '/');
        await visible(page.getByRole('heading', { name: 'Accident repairs and resprays in Porthaven' }));
        expect(await page.getByRole('heading', { name: 'Please Login' }).count()).toBe(0);
      });
    }
    await j.step('a signed-in user who opens /login goes where signing in would have taken them', async () => {
      await page.goto(j.url('/login?redirect=%2Faccount%2Fprofile'));
      await atPath(page, '/account/profile');
    });
  });

  test('401: the session cookie deleted mid-journey, the next action lands on Login', async () => {
    const { page, context } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/password'));
    await visible(page.getByRole('heading', { name: 'Change Password' }));
    await j.step('drop the session cookie', async () => {
      const names = (await context.cookies()).map((c) => c.name);
      expect(names).toContain('bodyshop_session');
      await context.clearCookies({ name: 'bodyshop_session' });
    });
    await j.step('the next action lands on Login, signed out', async () => {
      await field(page, 'Current Password').fill(user.password);
      await field(page, 'New Password').fill('Another-pass-77');
      await field(page, 'Confirm New Password').fill('Another-pass-77');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await atPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/password');
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
    });
  });

  test('401: a session ended on the server (password changed elsewhere), the next save lands on Login', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/profile'));
    await visible(page.getByRole('heading', { name: 'Update Contact Details' }));
    await j.step('the session ends on the server (the password is changed elsewhere: other sessions end)', async () => {
      const elsewhere = new ApiClient(j.server.baseUrl);
      await elsewhere.login(user.email, user.password);
      await elsewhere.expect('PUT', '/user/password', [200], {
        current_password: user.password,
        password: 'Changed-elsewhere-9',
        password_confirmation: 'Changed-elsewhere-9',
      });
    });
    await j.step('saving the profile now lands on Login', async () => {
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await atPath(page, '/login');
    });
  });

  test('419: a wrong XSRF-TOKEN cookie, the next action lands on Login', async () => {
    const { page, context } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/password'));
    await visible(page.getByRole('heading', { name: 'Change Password' }));
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'tampered', url: j.server.baseUrl }]);
    const answered = page.waitForResponse((r) => r.request().method() !== 'GET' && r.status() === 419);
    await field(page, 'Current Password').fill(user.password);
    await field(page, 'New Password').fill('Another-pass-77');
    await field(page, 'Confirm New Password').fill('Another-pass-77');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await answered;
    await atPath(page, '/login');
    await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
  });

  test('403: an unverified user is sent to /verify-email and can ask for the link again', async () => {
    const { page, context } = j;
    const api = j.api();
    const email = uniqueEmail('unverified');
    await j.step('register through the API (signed in, not verified)', async () => {
      await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
      await api.expect('POST', '/api/register', [201], {
        firstname: 'Ada',
        lastname: 'Penrose',
        email,
        password: 'Verify-me-123',
        password_confirmation: 'Verify-me-123',
      });
      await shareSession(context, api);
    });
    await j.step('saving the profile answers 403 and goes to /verify-email', async () => {
      await page.goto(j.url('/account/profile'));
      await visible(page.getByRole('heading', { name: 'Update Contact Details' }));
      await field(page, 'Telephone').fill('01736 555 111');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await atPath(page, '/verify-email');
      await visible(page.getByRole('heading', { name: /Verify Your Email Address/ }));
    });
    await j.step('Resend Verification Email', async () => {
      await page.getByRole('button', { name: 'Resend Verification Email' }).click();
      await visible(page.getByRole('status').filter({ hasText: /verification link has been sent/i }));
    });
  });

  test('423: an action that needs a confirmed password goes to /confirm-password, then back', async () => {
    const { page } = j;
    const user = await createUser(await j.adminApi());
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/account/2fa'));
    await j.step('Activate answers 423 and goes to Confirm Password', async () => {
      await page.getByRole('button', { name: 'Activate' }).click();
      await atPath(page, '/confirm-password');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/2fa');
      await visible(page.getByRole('heading', { name: 'Confirm Password' }));
    });
    await j.step('a wrong password shows the error', async () => {
      await field(page, 'Password').fill('not-my-password');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'The provided password was incorrect.' }));
    });
    await j.step('the right password returns to the action, which now works', async () => {
      await field(page, 'Password').fill(user.password);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await atPath(page, '/account/2fa');
      await page.getByRole('button', { name: 'Activate' }).click();
      await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    });
  });
});
