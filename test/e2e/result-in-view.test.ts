/**
 * A guest's quote request and booking appear on the account's dashboard once an account
 * registered with that address is verified, and the dashboard says it is verified; priced, the
 * quote's "Book a drop-off" opens /book for it, and the booking joins the quote. Then, after
 * every submit, the result is in view and has the focus at 390 px (components/result-in-view.tsx):
 * the quote form's confirmation with what was sent under it, the manage page's move, the tracker's
 * message, and the quote form's error summary when the server refuses it (429) with no field to fix.
 * The guest journey goes first: the last step uses up the address's quote requests for the hour.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { uniqueEmail, type ApiClient } from './support/api.ts';
import { settled } from './support/flows.ts';
import { atPath, field, until, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

async function fillQuote(page: Page) {
  await field(page, 'Your name').fill('Morwenna Trego');
  await field(page, 'E-mail address').fill(uniqueEmail('in-view'));
  await field(page, 'Vehicle (make and model)').fill('Volvo V70');
  await field(page, 'Describe the damage').fill('Deep scratch along the passenger side from a gatepost.');
  await page.getByLabel(/I agree that the shop/).check();
}

/** The element is focused and wholly inside the viewport (clear of the fixed header and the call bar). */
async function inViewAndFocused(page: Page, locator: Locator, label: string) {
  await visible(locator);
  await until(
    () =>
      locator.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
        const bar = document.querySelector('.call-bar')?.getBoundingClientRect().top ?? window.innerHeight;
        const top = Math.max(0, header);
        const bottom = Math.min(window.innerHeight, bar > 0 ? bar : window.innerHeight);
        return { focused: el === document.activeElement, inView: box.top >= top - 1 && box.top < bottom && box.height > 0 };
      }),
    (state) => state.focused && state.inView,
    `${label} in view and focused`,
  );
  expect(page.viewportSize()?.width).toBe(390);
}

async function guestQuote(api: ApiClient, email: string, vehicle: string) {
  await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  const quote = await api.expect('POST', '/api/quote-requests', [201], {
    name: 'Kerensa Hosking',
    email,
    telephone: '07700 900321',
    vehicle,
    description: 'A long scrape down the offside from a Cornish hedge.',
    preferred_contact: 'email',
    consent: '1',
  });
  return { id: Number(quote.body.id), reference: String(quote.body.reference) };
}

/** A guest's booking of a drop-off two or more days ahead (outside the change cut-off). */
async function guestBooking(api: ApiClient, email: string) {
  await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
  const types = await api.expect('GET', '/api/booking-types', [200]);
  const dropOff = (types.body.data as { id: number; name: string }[]).find((t) => t.name === 'Drop-off')!;
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const days = await api.expect('GET', `/api/booking-types/${dropOff.id}/availability?from=${from}&to=${to}`, [200]);
  const slot = (days.body.days as { slots: { starts_at: string; free: number }[] }[])
    .flatMap((d) => d.slots)
    .find((s) => s.free > 0 && Date.parse(s.starts_at) > Date.now() + 72 * 3_600_000)!;
  const booked = await api.expect('POST', '/api/bookings', [201], {
    booking_type_id: dropOff.id,
    starts_at: slot.starts_at,
    name: 'Kerensa Hosking',
    email,
    telephone: '07700 900321',
    vehicle: 'Mini Cooper',
  });
  return { reference: String(booked.body.reference), token: String(booked.body.manage_token) };
}

describe('the result of a submit', () => {
  test("a guest's quote and booking are on the account's dashboard once its address is verified", async () => {
    const { page } = j;
    const email = uniqueEmail('guest-joins');
    const quote = await guestQuote(j.api(), email, 'Subaru Forester');
    const booking = await guestBooking(j.api(), email);

    await j.step('register with the same address', async () => {
      await page.goto(j.url('/register'));
      await settled(page);
      await field(page, 'First Name').fill('Kerensa');
      await field(page, 'Last Name').fill('Hosking');
      await field(page, 'Email Address').fill(email);
      await field(page, 'Password').fill('Seaside-paint-2024');
      await field(page, 'Confirm Password').fill('Seaside-paint-2024');
      await page.getByRole('button', { name: 'Register' }).click();
      await atPath(page, /^\/account/);
      await visible(page.getByRole('heading', { name: 'Welcome, Kerensa' }));
    });

    await j.step('the verify link: the dashboard says so and lists the quote and the booking', async () => {
      const mail = await waitForMail(j.server.dataDir, email, { subject: /verify/i });
      await page.goto(linkIn(mail, /\/email\/verify\//));
      await atPath(page, /^\/account/);
      await visible(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' }));
      await visible(page.getByText(`${quote.reference}: Subaru Forester`, { exact: false }));
      await visible(page.getByText(booking.reference, { exact: false }));
      // The tab you are on is marked and in sight at 390 px.
      const current = page.getByRole('navigation', { name: 'Account' }).locator('[aria-current="page"]');
      expect(await current.textContent()).toBe('Dashboard');
      expect(await current.isVisible()).toBe(true);
    });

    await j.step('the bookings tab: in sight when chosen, and the booking links its manage page', async () => {
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Bookings' }).click();
      await atPath(page, '/account/bookings');
      const current = page.getByRole('navigation', { name: 'Account' }).locator('[aria-current="page"]');
      await until(
        () =>
          current.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
          }),
        (inSight) => inSight,
        'the current tab in sight',
      );
      await page.getByRole('link', { name: `Move or cancel booking ${booking.reference}` }).click();
      await atPath(page, /^\/book\/manage\//);
      await visible(page.getByText(booking.reference));
    });

    await j.step('priced, the quote offers "Book a drop-off": /book says "For quote", and the booking joins it', async () => {
      const admin = await j.adminApi();
      await admin.expect('POST', `/api/quote-requests/${quote.id}/replies`, [201], { price: '420', message: 'Two panels and a blend.' });
      await page.goto(j.url('/account/quotes'));
      await settled(page);
      await page.getByRole('link', { name: 'Book a drop-off' }).click();
      await atPath(page, '/book');
      await visible(page.getByTestId('for-quote').filter({ hasText: `For quote ${quote.reference}` }));
      await page.getByRole('button', { name: /^Drop-off/ }).click();
      await page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(4).click();
      await page.getByRole('list', { name: 'Times' }).getByRole('button').first().click();
      await visible(page.getByRole('heading', { name: '3. Your details' }));
      // The account's details and the quote's vehicle are filled in; the quote is picked.
      expect(await field(page, 'E-mail address').inputValue()).toBe(email);
      expect(await field(page, 'Vehicle (make and model)').inputValue()).toBe('Subaru Forester');
      expect(await page.getByLabel('Your quote request (optional)').inputValue()).toBe(String(quote.id));
      await field(page, 'Telephone').fill('07700 900321');
      await page.getByRole('button', { name: 'Book this time' }).click();
      await visible(page.getByRole('heading', { name: 'You are booked in' }));
      const reference = ((await page.locator('.book__reference').textContent()) ?? '').trim();
      const from = new Date().toISOString().slice(0, 10);
      const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const list = await admin.request('GET', `/api/admin/bookings?from=${from}&to=${to}`);
      const booked = (list.body.data as { reference: string; quote_request_id: number | null; quote_reference: string | null }[]).find(
        (b) => b.reference === reference,
      );
      expect(booked).toMatchObject({ quote_request_id: quote.id, quote_reference: quote.reference });
    });
  });

  test('at 390 px the quote form, the manage page and the tracker bring their result into view and focus it', async () => {
    const { page } = j;

    await j.step('the quote form: after Send the confirmation is in view and focused, what was sent under it', async () => {
      await page.goto(j.url('/quote'));
      await settled(page);
      await fillQuote(page);
      await page.getByRole('button', { name: 'Send my request' }).click();
      const done = page.locator('.quote__done');
      await inViewAndFocused(page, done, 'the confirmation');
      const sent = page.getByRole('definition').filter({ hasText: 'Volvo V70' });
      await visible(sent);
      await visible(page.getByText('Deep scratch along the passenger side from a gatepost.'));
    });

    const email = uniqueEmail('in-view-booking');
    const booking = await guestBooking(j.api(), email);
    await j.step('the manage page: after a move the confirmation is in view and focused', async () => {
      await page.goto(j.url(`/book/manage/${booking.token}`));
      await settled(page);
      await page.getByRole('button', { name: 'Change the time' }).click();
      const day = page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(3);
      await day.click();
      const time = page.getByRole('list', { name: 'Times' }).getByRole('button').first();
      await visible(time);
      await time.click();
      await page.getByRole('button', { name: /^Move to / }).click();
      const result = page.locator('[data-result="success"]');
      await inViewAndFocused(page, result, 'the moved booking');
      expect(await result.textContent()).toContain('Your booking has its new time.');
    });

    await j.step('the tracker: after Send the thanks is in view and focused, with the message sent', async () => {
      const admin = await j.adminApi();
      const customer = uniqueEmail('in-view-tracker');
      const quote = await guestQuote(j.api(), customer, 'Ford Transit');
      await admin.expect('POST', '/api/repair-jobs', [201], {
        quote_request_id: quote.id,
        agreed_work: 'Respray the offside panels.',
        promised_ready_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      });
      const mail = await waitForMail(j.server.dataDir, customer, { subject: /Follow the repair/ });
      await page.goto(linkIn(mail, /^\/track\//));
      await settled(page);
      await field(page, 'Message to the workshop').fill('Could you also look at the wing mirror?');
      await page.getByRole('button', { name: 'Send message' }).click();
      const result = page.locator('[data-result="success"]');
      await inViewAndFocused(page, result, 'the message thanks');
      expect(await result.textContent()).toContain('Could you also look at the wing mirror?');
    });
    await j.step('the quote form: a Send the server refuses with no field to fix brings its summary into view, focused', async () => {
      // The address's quote requests for the hour are used up (5, counted before the body is read).
      const api = j.api();
      await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
      for (let i = 0; i < 6; i++) if ((await api.request('POST', '/api/quote-requests', {})).status === 429) break;
      await page.goto(j.url('/quote'));
      await settled(page);
      await fillQuote(page);
      await page.getByRole('button', { name: 'Send my request' }).click();
      await inViewAndFocused(page, page.locator('[data-result="error"]'), 'the error summary');
      // What was typed is still there.
      expect(await field(page, 'Vehicle (make and model)').inputValue()).toBe('Volvo V70');
    });
  });
});
