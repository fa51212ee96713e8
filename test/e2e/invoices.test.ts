/**
 * A VAT invoice, end to end: a signed-in customer's quote is estimated, accepted and opened as a
 * job (over REST); the admin issues the invoice on the job's page (its number in view), and the
 * customer downloads the PDF from My Invoices on their account.
 */
import { describe, expect, test } from 'vitest';
import { downloadedBytes, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { createUser } from './support/api.ts';

const j = useJourney(import.meta.filename);

describe('invoices', () => {
  test('the admin issues the invoice on the job page; the customer downloads it from their account', async () => {
    const admin = await j.adminApi();
    const customer = await createUser(admin, { firstname: 'Tamsin', lastname: 'Rowe' });
    const customerApi = j.api();
    await customerApi.login(customer.email, customer.password);
    const quote = await customerApi.expect('POST', '/api/quote-requests', [201], {
      name: 'Tamsin Rowe',
      email: customer.email,
      vehicle: 'Vauxhall Corsa',
      description: 'Dented nearside front wing after a car park knock.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);
    await admin.expect('PUT', '/api/estimate-settings', [200], {
      labour_rate_pence: 5500,
      vat_number: 'GB123456789',
      validity_days: 30,
      terms: 'Payment on collection.',
    });
    await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], {
      lines: [
        { kind: 'part', description: 'Front wing', quantity: 1, unit_price_pence: 12000 },
        { kind: 'labour', description: 'Fit and paint', quantity: 400, unit_price_pence: 5500 },
      ],
    });
    await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);
    const mail = await waitForMail(j.server.dataDir, customer.email, { subject: /Your estimate/ });
    const token = linkIn(mail, /^\/estimate\//)
      .split('/')
      .pop()!;
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const estimate = await anon.expect('GET', `/api/estimates/${token}`, [200]);
    await anon.expect('POST', `/api/estimates/${token}/acceptance`, [201], {
      version_hash: estimate.body.version.content_hash,
      name: 'Tamsin Rowe',
      start_within_cancellation: false,
    });
    const job = await admin.expect('POST', '/api/repair-jobs', [201], {
      quote_request_id: quoteId,
      agreed_work: 'Front wing replaced and painted.',
      promised_ready_on: '2026-12-22',
    });

    let number = '';
    await j.step('the admin issues the invoice on the job page', async () => {
      await signIn(j.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await j.page.goto(j.url(`/admin/repairs/${job.body.id}`));
      const panel = j.page.getByTestId('invoices-panel');
      await visible(panel.getByText('No invoice yet.'));
      await panel.getByRole('button', { name: 'Issue the invoice' }).click();
      // £120 + 4 h × £55 = £340 before VAT, £408 with it.
      const done = panel.getByText(/^Invoice INV-\d{6} issued: £408\.$/);
      await visible(done);
      number = /INV-\d{6}/.exec((await done.textContent()) ?? '')![0];
      await visible(panel.getByRole('link', { name: `Download ${number} (PDF)` }));
      await expect.poll(() => panel.getByRole('button', { name: 'Issue the invoice' }).count()).toBe(0);
    });

    await j.step('the customer downloads the PDF from My Invoices', async () => {
      const { page } = await j.newContext();
      await signIn(page, j.server.baseUrl, customer.email, customer.password);
      await page.goto(j.url('/account'));
      await settled(page);
      const list = page.getByTestId('your-invoices');
      const link = list.getByRole('link', { name: `Download ${number} (PDF)` });
      await visible(link);
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
      expect((await downloadedBytes(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
