/**
 * axe-core on every public page and every sign-in screen: no serious or critical violation.
 * axe is injected with page.evaluate (not subject to the site's CSP), so the context keeps the
 * CSP on. The carousels' keyboard operation is checked in visitor.test.ts; here, that every
 * carousel control is reachable with Tab.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { settled, signIn } from './support/flows.ts';
import { createUser } from './support/api.ts';
import { field, visible } from './support/ui.ts';
import { screenPath, screensWhere, type VisitorScreenId } from '#test/support/screens.ts';

const j = useJourney(import.meta.filename);

/** The heading of each screen a visitor may open, to know it has rendered (TypeScript asks for a new screen's). */
const HEADINGS: Record<VisitorScreenId, string | RegExp> = {
  home: 'Accident repairs and resprays in Porthaven',
  about: 'About Us',
  services: 'Services',
  galleries: 'Photo Galleries',
  gallery: /.+/,
  contact: 'Get In Touch',
  quote: 'Get a quote',
  book: 'Book a visit',
  bookManage: 'Manage my booking',
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  register: 'Register',
  login: 'Please Login',
  twoFactorChallenge: '2FA Authentication',
  forgotPassword: 'Forgotten Password',
  resetPassword: 'Please Enter New Password',
  verifyEmail: /Verify Your Email Address/,
  thisWasntMe: 'Secure Your Account',
  // A made-up link is the 404 page; the real tracker's axe check is in repair-tracker.test.ts.
  repairTracker: /Error 404|Your repair/,
  reviewRequest: /Error 404|How did we do\?/,
  // A made-up invitation link reads as used: the page with its message (the open one's axe check is in staff-invitations.test.ts).
  acceptInvitation: 'Join the team',
  customerEstimate: /Error 404|Your estimate/,
};

/** The route table's screens in `layout` that a visitor may open, with their headings. */
function visitorScreens(layout: 'site' | 'auth', galleryId = 0): { path: string; heading: string | RegExp }[] {
  return screensWhere((screen) => screen.layout === layout && screen.id in HEADINGS).map((screen) => ({
    path: screenPath(screen, { gallery: { id: galleryId } }),
    heading: HEADINGS[screen.id as VisitorScreenId],
  }));
}

async function galleryId(): Promise<number> {
  const response = await j.api().expect('GET', '/api/galleries?hidden=false', [200]);
  return Number(response.body.results[0].id);
}

async function checkPages(pages: { path: string; heading: string | RegExp }[], label: string): Promise<void> {
  const { page } = j;
  const failures: string[] = [];
  for (const target of pages) {
    await j.step(`axe ${label} ${target.path}`, async () => {
      await page.goto(j.url(target.path));
      await visible(page.getByRole('heading', { name: target.heading }));
      await settled(page);
      const violations = await seriousViolations(page);
      if (violations.length) failures.push(describeViolations(target.path, violations));
    });
  }
  expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
}

describe('accessibility', () => {
  test('public pages have no serious or critical axe violation (desktop)', async () => {
    const id = await galleryId();
    await checkPages([...visitorScreens('site', id), { path: '/no-such-page', heading: 'Error 404' }], 'desktop');
  });

  test('public pages have no serious or critical axe violation (phone, menu open)', async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const failures: string[] = [];
    for (const path of ['/', '/galleries', '/contact']) {
      await j.step(`axe phone ${path}`, async () => {
        await page.goto(j.url(path));
        await settled(page);
        let violations = await seriousViolations(page);
        if (violations.length) failures.push(describeViolations(`${path} (phone)`, violations));
        await page.getByRole('button', { name: 'Open menu' }).click();
        await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }));
        violations = await seriousViolations(page);
        if (violations.length) failures.push(describeViolations(`${path} (phone, menu open)`, violations));
      });
    }
    expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
  });

  test('sign-in screens have no serious or critical axe violation', async () => {
    await checkPages(visitorScreens('auth'), 'sign-in');
    const { page } = j;
    await j.step('axe on /login with an error shown, and the register form with its field errors', async () => {
      await page.goto(j.url('/login'));
      await field(page, 'Email Address').fill('nobody@example.test');
      await field(page, 'Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await visible(page.getByRole('alert'));
      const onLogin = await seriousViolations(page);
      await page.goto(j.url('/register'));
      await field(page, 'First Name').fill('A');
      await field(page, 'Last Name').fill('B');
      await field(page, 'Email Address').fill('someone@example.test');
      await field(page, 'Password').fill('short');
      await field(page, 'Confirm Password').fill('different');
      await page.getByRole('button', { name: 'Register' }).click();
      await visible(page.getByText('Some of your information is invalid please check and re-submit.'));
      const onRegister = await seriousViolations(page);
      expect(describeViolations('/login (error)', onLogin) + describeViolations('/register (errors)', onRegister)).toBe('');
    });
    await j.step('axe on Confirm Password (needs a signed-in user)', async () => {
      const user = await createUser(await j.adminApi());
      await signIn(page, j.server.baseUrl, user.email, user.password);
      await page.goto(j.url('/confirm-password'));
      await visible(page.getByRole('heading', { name: 'Confirm Password' }));
      expect(describeViolations('/confirm-password', await seriousViolations(page))).toBe('');
    });
  });

  test('every carousel control can be reached with Tab', async () => {
    const { page } = j;
    const id = await galleryId();
    for (const [path, names] of [
      ['/', ['Previous slide', 'Pause slideshow', 'Next slide']],
      [`/galleries/${id}`, ['Pause slideshow', 'Show photo 1']],
    ] as const) {
      await j.step(`Tab through ${path}`, async () => {
        await page.goto(j.url(path));
        await settled(page);
        const reached = new Set<string>();
        for (let i = 0; i < 80 && reached.size < names.length; i += 1) {
          await page.keyboard.press('Tab');
          const name = await page.evaluate(() => {
            const el = document.activeElement;
            return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
          });
          for (const wanted of names) if (name.startsWith(wanted)) reached.add(wanted);
        }
        expect([...reached].sort()).toEqual([...names].sort());
      });
    }
  });
});
