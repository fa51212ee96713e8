/**
 * An itemised estimate, end to end: the admin saves and sends it (over REST), the customer opens it
 * from the e-mail on a phone (390 px), reads the VAT-inclusive figures and the right to cancel,
 * accepts it with a typed name and is offered "Book a drop-off" with the quote's reference. Then, at
 * 390 px: the admin saves the estimate settings on their screen (an error beside its field first);
 * the repair tracker links the estimate; a supplement shows what changed and needs a new
 * acceptance; declining it with a reason tells the shop (its mail arrives).
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { descriptionOf, field, visible } from './support/ui.ts';
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

  test('settings saved on their screen; the tracker links the estimate; a supplement shows what changed; a decline tells the shop', async () => {
    const phone = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const { page } = phone;
    await j.step('the admin saves the estimate settings at 390 px, a wrong VAT number answered beside its field', async () => {
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await page.goto(j.url('/admin/estimate-settings'));
      await visible(page.getByRole('heading', { name: 'Estimate settings' }));
      await settled(page);
      const rate = field(page, 'Labour rate (£ an hour, before VAT)');
      await rate.fill('fifty');
      await page.getByRole('button', { name: 'Save estimate settings' }).click();
      expect(await descriptionOf(rate)).toContain('Enter the rate in pounds, such as 55 or 55.50.');
      await rate.fill('£60');
      const vat = field(page, 'VAT number');
      await vat.fill('GB12');
      await field(page, 'Valid for (days)').fill('14');
      await field(page, 'Terms').fill('Parts ordered are non-returnable.');
      await page.getByRole('button', { name: 'Save estimate settings' }).click();
      await visible(page.getByText('Please correct the fields marked below.'));
      expect(await descriptionOf(vat)).toContain('The VAT number must be a UK VAT number, such as GB123456789.');
      await vat.fill('GB 123 4567 89');
      await page.getByRole('button', { name: 'Save estimate settings' }).click();
      await visible(page.getByText('Estimate settings saved: £60.00 an hour, VAT registered (GB123456789), valid for 14 days.'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.reload();
      await settled(page);
      expect(await field(page, 'Labour rate (£ an hour, before VAT)').inputValue()).toBe('60.00');
      expect(await field(page, 'Valid for (days)').inputValue()).toBe('14');
    });

    const customerEmail = uniqueEmail('supplement');
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const shop = (await anon.expect('GET', '/api/shop', [200])).body as { email: string };
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Jago Trewin',
      email: customerEmail,
      vehicle: 'Ford Fiesta',
      description: 'Dented offside front door after a car park knock.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);
    const admin = await j.adminApi();
    // £100 + £20 VAT; 2 h × £60 = £120 + £24 VAT: £264.00.
    const first = [
      { kind: 'part', description: 'Door skin', quantity: 1, unit_price_pence: 10000 },
      { kind: 'labour', description: 'Fit and refinish door', quantity: 200, unit_price_pence: 6000 },
    ];
    await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], { lines: first });
    await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);
    await admin.expect('POST', '/api/repair-jobs', [201], {
      quote_request_id: quoteId,
      agreed_work: 'Door skin replaced and refinished.',
      promised_ready_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });

    const customer = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await j.step('the tracker links the estimate, and the thread says it was sent', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /^Follow the repair/ });
      await customer.page.goto(linkIn(mail, /^\/track\//));
      await settled(customer.page);
      await visible(customer.page.getByText(/We have sent you estimate/));
      await customer.page.getByRole('link', { name: 'Your estimate' }).click();
      await visible(customer.page.getByRole('heading', { name: 'Your estimate' }));
      await settled(customer.page);
      await visible(customer.page.getByText('£264.00'));
    });

    // Hidden damage: the door's frame needs an hour more, and a new handle.
    await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], {
      lines: [first[0], { ...first[1], quantity: 300 }, { kind: 'part', description: 'Door handle', quantity: 1, unit_price_pence: 2500 }],
    });
    const sentAt = Date.now();
    await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);

    await j.step('the supplement shows what changed and asks for a new acceptance', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Your updated estimate/, after: sentAt });
      // 3 h × £60 = £180 + £36; £25 + £5: £120 + £216 + £30 = £366.00, up by £102.00.
      expect(mail.text).toContain('up by £102.00 on version 1');
      expect(mail.text).toContain('Added: Door handle (£30.00)');
      await customer.page.reload();
      await settled(customer.page);
      await visible(customer.page.getByRole('heading', { name: 'What changed since version 1' }));
      await visible(customer.page.getByText(/The total was £264\.00 and is now £366\.00 \(up by £102\.00\)/));
      await visible(customer.page.getByText('We need your agreement to this version before we do the extra work.'));
      await visible(customer.page.getByRole('button', { name: 'Accept the estimate' }));
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await j.step('declining with a reason tells the shop', async () => {
      const before = Date.now();
      await customer.page.getByRole('button', { name: 'Decline this estimate' }).click();
      await field(customer.page, 'Why? (optional)').fill('Too much for an old car.');
      await customer.page.getByRole('button', { name: 'Decline the estimate' }).click();
      await visible(customer.page.getByText('You declined this estimate. We have let the workshop know.'));
      const told = await waitForMail(j.server.dataDir, shop.email, { subject: /^Estimate declined: /, after: before });
      expect(told.text).toContain('Reason: Too much for an old car.');
      expect(told.links.some((l) => l.includes('/estimate/'))).toBe(false);
    });
  });
});
