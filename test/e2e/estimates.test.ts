/**
 * An itemised estimate, end to end: the admin saves and sends it (over REST), the customer opens it
 * from the e-mail on a phone (390 px), reads the VAT-inclusive figures and the right to cancel,
 * accepts it with a typed name and is offered "Book a drop-off" with the quote's reference.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { settled } from './support/flows.ts';
import { field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';

const j = useJourney(import.meta.filename);

describe('estimates', () => {
  test('the admin sends an estimate; the customer accepts it on a phone with a typed name', async () => {
    const customerEmail = uniqueEmail('estimate');
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Morwenna Pascoe',
      email: customerEmail,
      vehicle: 'Vauxhall Corsa',
      description: 'Scraped nearside rear quarter panel on a gatepost.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);
    const reference = String(quote.body.reference);

    const admin = await j.adminApi();
    await admin.expect('PUT', '/api/estimate-settings', [200], {
      labour_rate_pence: 5500,
      vat_number: 'GB123456789',
      validity_days: 30,
      terms: 'Payment on collection.',
    });
    await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], {
      lines: [
        { kind: 'part', description: 'Quarter panel repair kit', quantity: 1, unit_price_pence: 4000 },
        { kind: 'labour', description: 'Repair and refinish', quantity: 300, unit_price_pence: 5500 },
      ],
    });
    await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);

    const customer = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await j.step('the customer opens the estimate from the e-mail: VAT-inclusive, the right to cancel, fits 390 px', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Your estimate/ });
      const response = await customer.page.goto(linkIn(mail, /^\/estimate\//));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await visible(customer.page.getByRole('heading', { name: 'Your estimate' }));
      await settled(customer.page);
      // £40 + £8 VAT; 3 h × £55 = £165 + £33 VAT; £246 in all, of which £41 VAT.
      await visible(customer.page.getByText('£246.00'));
      await visible(customer.page.getByText('£41.00'));
      await visible(customer.page.getByText(/cancel within 14 days/));
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await j.step('the customer accepts with a typed name and is offered a drop-off', async () => {
      await field(customer.page, 'Your full name').fill('Morwenna Pascoe');
      await customer.page.getByLabel('Please start the work within the 14 days').check();
      await customer.page.getByRole('button', { name: 'Accept the estimate' }).click();
      await visible(customer.page.getByText(/Accepted by Morwenna Pascoe/));
      const book = customer.page.getByRole('link', { name: 'Book a drop-off' });
      await visible(book);
      expect(await book.getAttribute('href')).toBe(`/book?quote=${encodeURIComponent(reference)}`);
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});
