/**
 * Calls to action, as a new visitor meets them on a 390 px phone and on a desktop: the
 * phone's call bar (its link targets, never over the footer's links, not on the quote form), the
 * header's main button and the phone number beside it, the prompt every public page ends with
 * (with "Open now" from the opening hours), the home page's headline, title and trust signals.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, useJourney } from './support/journey.ts';
import { settled } from './support/flows.ts';
import { atPath, hidden, visible } from './support/ui.ts';
import { screenPath, screensWhere } from '#test/support/screens.ts';

const j = useJourney(import.meta.filename, { viewport: DESKTOP });

const SHOP = 'Harbourside Body & Paint';
const CALL_NAME = `Call ${SHOP} on 01736 555 014`;
const TEL = 'tel:01736555014';
/** A Wednesday at 10:00 in Porthaven (GMT in November): the demo shop is open, until 5pm. */
const WEDNESDAY_MORNING = new Date('2026-11-25T10:00:00Z');

async function phonePage(): Promise<Page> {
  const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return page;
}

/** The server-rendered public pages (a visible gallery's included). */
async function publicPaths(): Promise<string[]> {
  const gallery = (await j.api().expect('GET', '/api/galleries?hidden=false', [200])).body.results[0];
  // The quote form, rendered on the server too, has neither the bar nor the prompt (callsToAction: false).
  return screensWhere((screen) => screen.ssr !== undefined && !('callsToAction' in screen && screen.callsToAction === false)).map(
    (screen) => screenPath(screen, { gallery: { id: gallery.id } }),
  );
}

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(j.url(pathname));
  await settled(page);
}

/** The prompt at the end of the page: its quote link, its call link and the opening status. */
async function expectEndOfPagePrompt(page: Page, pathname: string): Promise<void> {
  const prompt = page.getByRole('region', { name: 'Need a repair? Get a free quote' });
  await visible(prompt);
  expect(await prompt.getByRole('link', { name: 'Get a quote' }).getAttribute('href'), pathname).toBe('/quote');
  const calls = prompt.getByRole('link', { name: CALL_NAME });
  expect(await calls.count(), pathname).toBe(2);
  for (const href of await calls.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href, pathname).toBe(TEL);
  await visible(prompt.getByText('Open now, closes at 5pm'));
  // It is the last thing in the page's main content.
  expect(await page.evaluate(() => document.querySelector('main > :last-child')?.className), pathname).toBe('next-step');
}

describe(`at ${PHONE.width} px`, () => {
  test('the call bar: on screen from the start, calling the shop, opening the quote form and booking, with 44 px targets', async () => {
    const page = await phonePage();
    await open(page, '/');
    const bar = page.getByRole('navigation', { name: 'Call, get a quote or book' });
    await visible(bar);
    const call = bar.getByRole('link', { name: CALL_NAME });
    const quote = bar.getByRole('link', { name: 'Get a quote' });
    // And Book, now that booking exists.
    const book = bar.getByRole('link', { name: 'Book', exact: true });
    expect(await call.getAttribute('href')).toBe(TEL);
    expect(await quote.getAttribute('href')).toBe('/quote');
    expect(await book.getAttribute('href')).toBe('/book');
    for (const link of [call, quote, book]) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      // The first tap-to-call is in the first screenful, not 5,600 px down in the footer.
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await quote.click();
    await atPath(page, '/quote');
    await visible(page.getByRole('heading', { name: 'Get a quote', level: 1 }));
  });

  test('the call bar never covers the footer links, and is not on the quote or booking form', async () => {
    const page = await phonePage();
    await open(page, '/services');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    const barTop = (await page.getByRole('navigation', { name: 'Call, get a quote or book' }).boundingBox())!.y;
    for (const name of ['Terms', 'Privacy', 'Account', 'Contact']) {
      const link = footer.getByRole('link', { name, exact: true });
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, `${name} ends above the bar`).toBeLessThanOrEqual(barTop);
    }
    const backToTop = (await footer.getByRole('button', { name: 'Back to top' }).boundingBox())!;
    expect(backToTop.y + backToTop.height).toBeLessThanOrEqual(barTop);
    // The footer's own phone number and e-mail are links too.
    expect(await footer.getByRole('link', { name: CALL_NAME }).getAttribute('href')).toBe(TEL);
    expect(await footer.getByRole('link', { name: 'hello@harbourside-bodyshop.co.uk' }).getAttribute('href')).toMatch(/^mailto:/);

    await open(page, '/quote');
    await visible(page.getByRole('heading', { name: 'Get a quote', level: 1 }));
    expect(await page.getByRole('navigation', { name: 'Call, get a quote or book' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Need a repair? Get a free quote' }).count()).toBe(0);
    // Nor on the booking form.
    await open(page, '/book');
    await visible(page.getByRole('heading', { name: 'Book a visit', level: 1 }));
    expect(await page.getByRole('navigation', { name: 'Call, get a quote or book' }).count()).toBe(0);
  });

  test('the open menu offers the phone number and Get a quote, and Log in as a quiet link', async () => {
    const page = await phonePage();
    await open(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    const call = await visible(menu.getByRole('link', { name: CALL_NAME }));
    expect(await call.getAttribute('href')).toBe(TEL);
    expect(await call.textContent()).toContain('01736 555 014');
    const quote = await visible(menu.getByRole('link', { name: 'Get a quote' }));
    expect(await quote.getAttribute('class')).toContain('site-nav__link--cta');
    expect(await menu.getByRole('link', { name: 'Log in' }).getAttribute('class')).toContain('site-nav__link--quiet');
    await quote.click();
    await atPath(page, '/quote');
    await hidden(menu.getByRole('link', { name: 'Get a quote' }));
  });

  test('every public page ends with the prompt to get a quote or call, open now', async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.clock.setFixedTime(WEDNESDAY_MORNING);
    for (const pathname of await publicPaths()) {
      await j.step(`${pathname} ends with the prompt`, async () => {
        await open(page, pathname);
        await expectEndOfPagePrompt(page, pathname);
      });
    }
  });
});

describe(`at ${DESKTOP.width} px`, () => {
  test("the header's main button is Get a quote, with the phone number beside it and Log in quiet; no call bar", async () => {
    const { page } = j;
    await open(page, '/contact');
    const menu = page.getByRole('navigation', { name: 'Main' });
    const quote = await visible(menu.getByRole('link', { name: 'Get a quote' }));
    expect(await quote.getAttribute('href')).toBe('/quote');
    expect(await quote.getAttribute('class')).toContain('site-nav__link--cta');
    const call = await visible(menu.getByRole('link', { name: CALL_NAME }));
    expect(await call.getAttribute('href')).toBe(TEL);
    expect((await call.innerText()).trim()).toBe('01736 555 014');
    const [callBox, quoteBox] = [(await call.boundingBox())!, (await quote.boundingBox())!];
    expect(Math.abs(callBox.y + callBox.height / 2 - (quoteBox.y + quoteBox.height / 2))).toBeLessThan(4);
    expect(callBox.x).toBeLessThan(quoteBox.x);
    const login = await visible(menu.getByRole('link', { name: 'Log in' }));
    expect(await login.getAttribute('class')).toContain('site-nav__link--quiet');
    expect(await login.getAttribute('class')).not.toContain('site-nav__link--cta');
    await hidden(page.getByRole('navigation', { name: 'Call, get a quote or book' }));
    await quote.click();
    await atPath(page, '/quote');
  });

  test('every public page ends with the prompt, and no title is "Home | …"', async () => {
    const { page } = await j.newContext({ viewport: DESKTOP });
    await page.clock.setFixedTime(WEDNESDAY_MORNING);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    for (const pathname of await publicPaths()) {
      await j.step(`${pathname} ends with the prompt`, async () => {
        await open(page, pathname);
        await expectEndOfPagePrompt(page, pathname);
        expect(await page.title(), pathname).not.toMatch(/^Home \|/);
      });
    }
    // "Open now" arrives after hydration: no mismatch warning on the way.
    expect(problems).toEqual([]);
  });

  test('the home hero says what the shop does and where, Get a quote first; the trust signals show only when set', async () => {
    const { page } = j;
    const admin = await j.adminApi();
    const shop = (await admin.expect('GET', '/api/shop', [200])).body;
    await admin.expect('PUT', '/api/shop', [200], {
      ...shop,
      accreditations: ['BS 10125'],
      insurers: [],
      yearEstablished: 1998,
      warranty: 'Lifetime guarantee on paintwork',
      reviewsUrl: 'https://reviews.example.test/harbourside',
    });
    await open(page, '/');
    expect(await page.title()).toBe(`Accident repairs and resprays in Porthaven | ${SHOP}`);
    const hero = page.locator('.hero');
    await visible(hero.getByRole('heading', { level: 1, name: 'Accident repairs and resprays in Porthaven' }));
    await visible(hero.getByText(`Welcome to ${SHOP}`));
    await visible(hero.getByText('Vehicle body shop repairs and paint service in Porthaven'));
    const actions = hero.locator('.hero__actions > *');
    expect(await actions.first().textContent()).toBe('Get a quote');
    expect(await actions.first().getAttribute('class')).toContain('btn--primary');
    expect(await hero.getByRole('link', { name: CALL_NAME }).getAttribute('href')).toBe(TEL);

    const trust = page.getByRole('region', { name: `Why drivers choose ${SHOP}` });
    await visible(trust.getByText('Trading since 1998'));
    await visible(trust.getByText('BS 10125'));
    await visible(trust.getByText('Lifetime guarantee on paintwork'));
    expect(await trust.getByRole('link', { name: 'Read our reviews' }).getAttribute('href')).toBe(
      'https://reviews.example.test/harbourside',
    );
    expect(await trust.getByText('Insurers we work with').count()).toBe(0);

    await admin.expect('PUT', '/api/shop', [200], {
      ...shop,
      accreditations: [],
      insurers: [],
      yearEstablished: null,
      warranty: '',
      reviewsUrl: '',
    });
    await open(page, '/');
    expect(await page.getByRole('region', { name: `Why drivers choose ${SHOP}` }).count()).toBe(0);
    await admin.expect('PUT', '/api/shop', [200], shop);
  });
});
