/**
 * "Every screen fast", in the browser: no screen of the route table (src/shared/screens.ts:
 * public pages, the not-found page, sign-in screens, the account area as a signed-in user, the admin
 * area as an admin) raises a Content-Security-Policy violation; a public page downloads no admin
 * code (the rich-text editor, drag and drop, the admin screens); the sign-in screens and the quote
 * form are in the first HTML and work once hydrated.
 */
import { describe, expect, test } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { shareSession } from './support/flows.ts';
import { field, until, visible } from './support/ui.ts';
import { isServerRendered, needsSignIn } from '#shared/screens.ts';
import { screenPath, screensWhere, type ParamValues } from '#test/support/screens.ts';

const j = useJourney(import.meta.filename);

/**
 * Collects the page's securitypolicyviolation events (a binding survives navigations), and any
 * uncaught error: among them React's report of a page whose server HTML the browser's first render
 * did not match (a screen rendered on the server for who asks must hydrate as it is).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('pageerror', (error) => void violations.push(`uncaught error: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** Visits each path and expects no violation on any of them, once the page is live and idle. */
async function expectNoViolations(page: Page, violations: string[], paths: string[]): Promise<void> {
  const found: string[] = [];
  for (const path of paths) {
    await j.step(`${path}: no CSP violation`, async () => {
      violations.length = 0;
      await page.goto(j.url(path));
      await page.waitForLoadState('networkidle');
      found.push(...violations.map((violation) => `${path}: ${violation}`));
    });
  }
  expect(found).toEqual([]);
}

/**
 * Admin code in a script: the rich-text editor (ProseMirror), drag and drop (dnd-kit) or an admin
 * screen (its `admin-…` class names; `admin-root` is the admin route's wrapper, in the router).
 */
const ADMIN_CODE = /ProseMirror|DndContext|["'`]admin-(?!root["'`])[a-z]/;
const ADMIN_CHUNK_NAME = /\/assets\/(?:rich-text-editor|admin-area|gallery-edit-page)-/;

async function publicPaths(): Promise<string[]> {
  const gallery = (await j.api().expect('GET', '/api/galleries?hidden=false', [200])).body.results[0];
  return screensWhere((screen) => screen.ssr !== undefined).map((screen) => screenPath(screen, { gallery: { id: gallery.id } }));
}

describe('every screen fast', () => {
  test('no screen raises a Content-Security-Policy violation: visitor, signed-in user and admin', async () => {
    const visitor = await watchViolations(j.page);
    const visitorScreens = screensWhere((screen) => !needsSignIn(screen.access)).map((screen) => screenPath(screen));
    await expectNoViolations(j.page, visitor, [...(await publicPaths()), ...visitorScreens, '/no-such-page', '/galleries/999999']);

    const admin = await j.adminApi();
    const user = await createUser(admin, { firstname: 'Morwenna' });
    const widget = (await admin.expect('GET', '/api/widgets', [200])).body.results[0];
    const gallery = (await admin.expect('GET', '/api/galleries?limit=12&page=0', [200])).body.results[0];
    const quote = (
      await admin.expect('POST', '/api/quote-requests', [201], {
        name: 'Kerensa Trewin',
        email: 'kerensa@example.test',
        vehicle: 'Land Rover Defender',
        description: 'Rear quarter panel crushed in a reversing accident at the harbour.',
        preferred_contact: 'email',
        consent: '1',
      })
    ).body;
    const records: Partial<ParamValues> = {
      adminUser: { id: user.id },
      adminWidget: { id: widget.id },
      adminGallery: { id: gallery.id },
      adminQuote: { id: quote.id },
    };
    const { context, page } = await j.newContext();
    await shareSession(context, admin);
    const signedIn = await watchViolations(page);
    const signedInScreens = screensWhere((screen) => needsSignIn(screen.access)).map((screen) => screenPath(screen, records));
    await expectNoViolations(page, signedIn, [...signedInScreens, '/admin/no-such-screen', '/account/no-such-screen']);
  });

  test('a public page downloads no admin code', async () => {
    const page = j.page;
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const paths = [...(await publicPaths()), '/no-such-page'];
    const found: string[] = [];
    for (const path of paths) {
      await j.step(`${path}: no admin chunk`, async () => {
        scripts.length = 0;
        await page.goto(j.url(path));
        await page.waitForLoadState('networkidle');
        expect(scripts.length, path).toBeGreaterThan(3);
        for (const script of scripts) {
          const url = script.url();
          if (ADMIN_CHUNK_NAME.test(url) || ADMIN_CODE.test(await script.text())) found.push(`${path}: ${url}`);
        }
      });
    }
    expect(found).toEqual([]);

    await j.step('the carousel code (embla) waits until the visitor reaches for a carousel', async () => {
      scripts.length = 0;
      await page.goto(j.url('/'));
      await page.waitForLoadState('networkidle');
      expect(scripts.map((script) => script.url()).filter((url) => url.includes('embla'))).toEqual([]);
      await page.getByRole('region', { name: 'Customer reviews' }).getByRole('button', { name: 'Next slide' }).click();
      await until(
        async () => scripts.map((script) => script.url()).filter((url) => url.includes('embla')).length,
        (count) => count > 0,
        'embla to load for the click',
      );
      await until(
        () => page.locator('[aria-label="Customer reviews"] [aria-roledescription="slide"][data-selected]').getAttribute('aria-label'),
        (label) => /^2 of \d+$/.test(label ?? ''),
        'the click to turn the carousel once embla has loaded',
      );
    });
  });

  test('an account or admin screen is in the first HTML for who asks, with its data', async () => {
    const admin = await j.adminApi();
    const user = await createUser(admin, { firstname: 'Jory', lastname: 'Tregenza' });
    const { context, page } = await j.newContext({ javaScriptEnabled: false });
    await shareSession(context, admin);
    await j.step('/admin/users without JavaScript: the list and its rows', async () => {
      const response = await page.goto(j.url('/admin/users'));
      expect(response?.headers()['cache-control']).toBe('no-store');
      await visible(page.getByRole('heading', { name: 'Users', level: 1 }));
      await visible(page.getByText(user.email));
    });
    await j.step('/account without JavaScript: the account area', async () => {
      await page.goto(j.url('/account'));
      await visible(page.getByRole('navigation', { name: 'Account' }));
    });
    await j.step('a visitor who is not signed in gets the empty page, which sends them to Login', async () => {
      const { page: visitor } = await j.newContext();
      await visitor.goto(j.url('/admin/users'));
      await visitor.waitForURL((url) => url.pathname === '/login');
    });
  });

  test('the sign-in screens and the quote form are in the first HTML, and work once hydrated', async () => {
    const { page } = await j.newContext({ javaScriptEnabled: false });
    for (const screen of screensWhere((entry) => isServerRendered(entry) && entry.layout === 'auth')) {
      await j.step(`${screen.path} without JavaScript`, async () => {
        await page.goto(j.url(screenPath(screen)));
        await visible(page.locator('.auth-card h2'));
      });
    }
    await page.goto(j.url('/login'));
    await visible(field(page, 'Email Address'));
    await page.goto(j.url('/quote'));
    await visible(field(page, 'Describe the damage'));

    await j.step('the login form signs in once hydrated', async () => {
      await j.page.goto(j.url('/login'));
      await field(j.page, 'Email Address').fill(j.server.adminEmail);
      await field(j.page, 'Password').fill(j.server.adminPassword);
      await j.page.getByRole('button', { name: 'Log in' }).click();
      await j.page.waitForURL((url) => url.pathname !== '/login');
    });

    await j.step('the quote form, opened directly by a signed-in customer, is prefilled once the session is known', async () => {
      const customer = await createUser(await j.adminApi(), { firstname: 'Demelza', lastname: 'Penrose' });
      const { context, page: customerPage } = await j.newContext();
      const api = j.api();
      await api.login(customer.email, customer.password);
      await shareSession(context, api);
      await customerPage.goto(j.url('/quote'));
      await until(
        () => field(customerPage, 'Your name').inputValue(),
        (value) => value === 'Demelza Penrose',
        'the name prefilled',
      );
      expect(await field(customerPage, 'E-mail address').inputValue()).toBe(customer.email);
    });
  });
});
