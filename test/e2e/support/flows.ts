/** Steps several journeys share: signing in through the Login screen, handing an API session to the browser. */
import type { BrowserContext, Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import { atPath, field, visible } from './ui.ts';

export async function fillLogin(page: Page, email: string, password: string, remember = false): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Please Login' }));
  await field(page, 'Email Address').fill(email);
  await field(page, 'Password').fill(password);
  if (remember) await field(page, 'Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in through /login and waits until the Login screen has been left for `landing`. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, landing: string | RegExp = '/'): Promise<void> {
  await page.goto(new URL('/login', baseUrl).toString());
  await fillLogin(page, email, password);
  await atPath(page, landing);
}

/** Gives the browser the cookies of a REST session (e.g. a user just registered through the API). */
export async function shareSession(context: BrowserContext, api: ApiClient): Promise<void> {
  await context.addCookies([...api.jar].map(([name, value]) => ({ name, value, url: api.baseUrl })));
}

/** Waits until no skeleton or page spinner is left, so a check sees the finished page. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.skeleton, .page-loading, .widget--loading'), undefined, { timeout: 15_000 });
}
