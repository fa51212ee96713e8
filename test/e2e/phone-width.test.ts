/**
 * Every screen fits a 390 px phone: no screen of the route table (src/shared/screens.ts: public,
 * sign-in, account, admin) nor the not-found page may be wider than the viewport, as a visitor,
 * a signed-in user and an admin.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { settled, shareSession, signIn } from './support/flows.ts';
import { needsSignIn } from '#shared/screens.ts';
import { screenPath, screensWhere, type ParamValues } from '#test/support/screens.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

/**
 * The page's width, what sticks out furthest (for the failure message), and the tables cut off: a
 * table wider than the viewport or than the box it scrolls in, which the page's width alone does
 * not show (its wrapper scrolls sideways, and on a phone what is off to the side is not read).
 */
async function widthOf(page: Page): Promise<{ scrollWidth: number; widest: string[]; cutTables: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const cutTables = [...document.querySelectorAll<HTMLTableElement>('table')]
      .filter((table) => table.getClientRects().length > 0)
      .map((table) => ({ table, width: table.getBoundingClientRect().width, box: table.parentElement?.clientWidth ?? viewport }))
      .filter(({ table, width, box }) => width > viewport + 1 || width > box + 1 || table.getBoundingClientRect().right > viewport + 1)
      .map(({ table, width, box }) => `table.${[...table.classList].join('.')} is ${Math.round(width)} px in a ${box} px box`);
    const widest = [...document.querySelectorAll<HTMLElement>('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > viewport + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ends at ${Math.round(right)} px`);
    return { scrollWidth: document.documentElement.scrollWidth, widest, cutTables };
  });
}

/** The pages the server renders (a visible gallery's included). */
async function serverRenderedPaths(): Promise<string[]> {
  const gallery = (await j.api().expect('GET', '/api/galleries?hidden=false', [200])).body.results[0];
  return screensWhere((screen) => screen.ssr !== undefined).map((screen) => screenPath(screen, { gallery: { id: gallery.id } }));
}

async function expectFits(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await j.step(`${path} fits ${PHONE.width} px`, async () => {
      await page.goto(j.url(path));
      await page.waitForLoadState('networkidle');
      await settled(page);
      const { scrollWidth, widest, cutTables } = await widthOf(page);
      expect(scrollWidth, `${path} is ${scrollWidth} px wide: ${widest.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
      expect(cutTables, `${path} cuts a table off`).toEqual([]);
    });
  }
}

describe(`every route at ${PHONE.width} px`, () => {
  test('server-rendered pages, before their scripts run (a phone widens a page to what sticks out)', async () => {
    const { page } = await j.newContext({ javaScriptEnabled: false, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    for (const path of await serverRenderedPaths()) {
      await j.step(`${path} fits ${PHONE.width} px without JavaScript`, async () => {
        await page.goto(j.url(path));
        const { scrollWidth, widest } = await widthOf(page);
        expect(scrollWidth, `${path} is ${scrollWidth} px wide: ${widest.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
        // A mobile browser lays out at the width of what sticks out, and shows the page zoomed out.
        expect(await page.evaluate(() => window.innerWidth), path).toBe(PHONE.width);
      });
    }
  });

  test('public and sign-in screens, as a visitor', async () => {
    const others = screensWhere((screen) => !screen.ssr && !needsSignIn(screen.access)).map((screen) => screenPath(screen));
    await expectFits(j.page, [...(await serverRenderedPaths()), '/no-such-page', ...others]);
  });

  test('the account area, as a signed-in user', async () => {
    const user = await createUser(await j.adminApi(), { firstname: 'Tamsin' });
    await signIn(j.page, j.server.baseUrl, user.email, user.password);
    await expectFits(
      j.page,
      screensWhere((screen) => screen.layout === 'account' || screen.access === 'signedIn').map((screen) => screenPath(screen)),
    );
  });

  test('the admin area, as an admin', async () => {
    const admin = await j.adminApi();
    await shareSession(j.context, admin);
    const user = await createUser(admin, { firstname: 'Jago' });
    const widget = (await admin.expect('GET', '/api/widgets', [200])).body.results[0];
    const gallery = (await admin.expect('GET', '/api/galleries?limit=12&page=0', [200])).body.results[0];
    // A quote request without photos (the JSON form of the multipart path).
    const quote = (
      await admin.expect('POST', '/api/quote-requests', [201], {
        name: 'Kerensa Trewin',
        email: 'kerensa@example.test',
        vehicle: 'Land Rover Defender 110 with a long name that has to wrap',
        description: 'Rear quarter panel crushed in a reversing accident at the harbour.',
        // By phone, so with a number (the telephone is required then).
        telephone: '07700 900789',
        preferred_contact: 'phone',
        consent: '1',
      })
    ).body;
    const records: Partial<ParamValues> = {
      adminUser: { id: user.id },
      adminWidget: { id: widget.id },
      adminGallery: { id: gallery.id },
      adminQuote: { id: quote.id },
    };
    const adminScreens = screensWhere((screen) => screen.layout === 'admin').map((screen) => screenPath(screen, records));
    await expectFits(j.page, [...adminScreens, '/account']);
  });
});
