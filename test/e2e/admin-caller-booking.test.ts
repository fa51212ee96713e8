/**
 * The admin books a caller with a telephone number only, at 390 px: New booking on the calendar, a
 * missing contact refused beside the telephone field, then the booking made and its page open with
 * no e-mail; the page fits the phone.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

describe('a caller booked by the admin', () => {
  test('New booking with a name and a telephone number only, at 390 px', async () => {
    const { page } = j;
    await j.step('the admin opens New booking and picks a type and a time', async () => {
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await page.goto(j.url('/admin/bookings'));
      await page.getByRole('button', { name: 'New booking' }).click();
      await visible(page.getByRole('heading', { name: 'New booking for a caller or walk-in' }));
      await page.getByLabel('Booking type').selectOption({ index: 1 });
      await page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(1).click();
      await page.getByRole('list', { name: 'Times' }).getByRole('button').first().click();
      await visible(page.getByTestId('new-booking-slot'));
    });
    await j.step('without a telephone or e-mail the telephone field says what is missing', async () => {
      await field(page, "Customer's name").fill('Gwen Caller');
      await page.getByRole('button', { name: 'Book it' }).click();
      await visible(page.getByText('Give a UK telephone number, or an e-mail address, so we can reach the customer.'));
    });
    await j.step('with a telephone number the booking is made and its page opens', async () => {
      await field(page, 'Telephone').fill('07700 900321');
      await page.getByRole('button', { name: 'Book it' }).click();
      await atPath(page, /\/admin\/bookings\/\d+$/);
      await visible(page.getByText('Gwen Caller'));
      expect(await page.getByRole('link', { name: '07700 900321' }).getAttribute('href')).toBe('tel:07700900321');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});
