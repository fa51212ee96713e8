/**
 * From a price to a paid repair, end to end, with the local Stripe (test/support/stripe-server.ts,
 * which the built site's Stripe SDK reaches through STRIPE_API_URL and which signs the webhooks it
 * sends back). The admin builds an itemised estimate on the quote's page; the customer, on a phone,
 * accepts it with a typed name and a drawn signature, follows "Book a drop-off" and books with the
 * quote attached, paying the 10% deposit on Stripe's page; hidden damage: a supplement is accepted;
 * the admin issues the invoice on the job's page; the customer pays the balance from the tracker,
 * which then says "Paid, ready to collect", and downloads the invoice PDF, whose figures are read
 * back. Then an insured job: the customer owes only the £250 excess, pays it online, and the
 * invoice splits the insurer's share from it.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Page } from 'playwright-core';
import { downloadedBytes, PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail, type ApiClient } from './support/api.ts';
import { startFakeStripe } from '#test/support/stripe-server.ts';

const stripe = await startFakeStripe();
const j = useJourney(import.meta.filename, { env: stripe.env });
afterAll(() => stripe.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Pays on the local Stripe's hosted page and waits to be back on the site at `backPath`. */
async function payOnStripe(page: Page, amount: string, backPath: string | RegExp): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
  await visible(page.getByText(`Amount: ${amount}`));
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await atPath(page, backPath);
  await settled(page);
}

async function stagesOf(admin: ApiClient): Promise<{ id: number; name: string; is_collected: boolean }[]> {
  return (await admin.expect('GET', '/api/repair-jobs', [200])).body.stages as { id: number; name: string; is_collected: boolean }[];
}

/** The stage just before Collected: where a job waits for its customer. */
async function readyStageId(admin: ApiClient): Promise<number> {
  const stages = await stagesOf(admin);
  return stages[stages.findIndex((s) => s.is_collected) - 1]!.id;
}

describe('from a price to a paid repair', () => {
  test('estimate, signed acceptance, booking with a deposit, supplement, invoice, balance paid, PDF downloaded', async () => {
    stripe.webhookUrl = j.url('/api/payments/stripe-webhook');
    const customerEmail = uniqueEmail('paid-repair');
    const admin = await j.adminApi();
    await admin.expect('PUT', '/api/estimate-settings', [200], {
      labour_rate_pence: 5500,
      vat_number: 'GB123456789',
      validity_days: 30,
      terms: 'Payment on collection.',
    });
    const types = await admin.expect('GET', '/api/admin/booking-types', [200]);
    const dropOff = (types.body.data as { id: number; name: string }[]).find((t) => t.name === 'Drop-off')!;
    // A tenth of the accepted estimate.
    await admin.expect('PATCH', `/api/admin/booking-types/${dropOff.id}`, [200], { deposit_kind: 'share', deposit_share_bp: 1000 });

    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Kerenza Penrose',
      email: customerEmail,
      telephone: '07700 900321',
      vehicle: 'Peugeot 208',
      description: 'Rear bumper cracked reversing into a bollard.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);
    const quoteReference = String(quote.body.reference);

    const desk = await j.newContext();
    await j.step('the admin builds the itemised estimate on the quote page and sends it', async () => {
      const { page } = desk;
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await page.goto(j.url(`/admin/quotes/${quoteId}`));
      const builder = page.locator('section[aria-labelledby="estimate-heading"]');
      await visible(builder.getByRole('heading', { name: 'Itemised estimate' }));
      await settled(page);
      if ((await builder.locator('[name="description-0"]').count()) === 0)
        await builder.getByRole('button', { name: 'Add a line' }).click();
      await builder.locator('select[name="kind-0"]').selectOption('part');
      await builder.locator('[name="description-0"]').fill('Rear bumper cover');
      await builder.locator('[name="quantity-0"]').fill('1');
      await builder.locator('[name="price-0"]').fill('180');
      await builder.getByRole('button', { name: 'Add a line' }).click();
      await builder.locator('select[name="kind-1"]').selectOption('labour');
      await builder.locator('[name="description-1"]').fill('Fit and refinish the bumper');
      await builder.locator('[name="quantity-1"]').fill('3');
      // Labour is priced at the shop's rate (£55 an hour).
      // £180 + 3 h × £55 = £345 before VAT, £69 VAT: £414.00.
      await visible(builder.locator('.admin-estimate__totals').getByText('£414.00'));
      await builder.getByRole('button', { name: 'Send the estimate' }).click();
      await visible(builder.getByRole('list', { name: 'Versions sent' }));
    });

    const customer = await j.newContext({ viewport: PHONE });
    const { page } = customer;
    await j.step('on a phone the customer accepts with a typed name and a drawn signature', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Your estimate/ });
      await page.goto(linkIn(mail, /^\/estimate\//));
      await visible(page.getByRole('heading', { name: 'Your estimate' }));
      await settled(page);
      await visible(page.getByText('£414.00'));
      await field(page, 'Your full name').fill('Kerenza Penrose');
      const pad = page.locator('canvas[aria-label="Draw your signature"][data-ready="true"]');
      await visible(pad);
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? 15 : -15));
      await page.mouse.up();
      await page.getByLabel('Please start the work within the 14 days').check();
      await page.getByRole('button', { name: 'Accept the estimate' }).click();
      await visible(page.getByText(/Accepted by Kerenza Penrose/));
    });
    const estimateUrl = page.url();
    // The signature is kept with the acceptance.
    const estimateToken = estimateUrl.split('/').pop()!;
    const accepted = await anon.expect('GET', `/api/estimates/${estimateToken}`, [200]);
    expect(accepted.body.version).toMatchObject({ accepted_name: 'Kerenza Penrose', has_signature: true, start_within_cancellation: true });
    expect(accepted.body.version.content_hash).toMatch(/^[0-9a-f]{64}$/);

    await j.step('"Book a drop-off" books with the quote attached and asks the £41.40 deposit, paid on Stripe', async () => {
      await page.getByRole('link', { name: 'Book a drop-off' }).click();
      await atPath(page, '/book');
      await visible(page.getByText(quoteReference, { exact: false }));
      await page.getByRole('button', { name: /^Drop-off/ }).click();
      const day = page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(1);
      await visible(day);
      await day.click();
      await page.getByRole('list', { name: 'Times' }).getByRole('button').first().click();
      await visible(page.getByRole('heading', { name: '3. Your details' }));
      for (const [label, value] of [
        ['Your name', 'Kerenza Penrose'],
        ['E-mail address', customerEmail],
        ['Telephone', '07700 900321'],
        ['Vehicle (make and model)', 'Peugeot 208'],
      ] as const) {
        const input = field(page, label);
        if (!(await input.inputValue())) await input.fill(value);
      }
      await page.getByRole('button', { name: 'Book this time' }).click();
      await visible(page.getByRole('heading', { name: 'You are booked in' }));
      // 10% of £414.00.
      await page.getByRole('button', { name: 'Pay the £41.40 deposit' }).click();
      await payOnStripe(page, '£41.40', /^\/book\//);
      await visible(page.getByText('Thank you: your payment is received.'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const bookings = await admin.expect('GET', `/api/admin/bookings?from=${today}&to=${later}`, [200]);
    const booking = (bookings.body.data as { id: number; email: string | null; quote_request_id: number | null }[]).find(
      (b) => b.email === customerEmail,
    )!;
    expect(booking.quote_request_id).toBe(quoteId);
    const job = await admin.expect('POST', '/api/repair-jobs', [201], {
      booking_id: booking.id,
      agreed_work: 'Rear bumper replaced and refinished.',
      promised_ready_on: later,
    });
    const jobId = Number(job.body.id);

    await j.step('hidden damage: the supplement is accepted on the phone', async () => {
      const sentAt = Date.now();
      await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], {
        lines: [
          { kind: 'part', description: 'Rear bumper cover', quantity: 1, unit_price_pence: 18000 },
          { kind: 'labour', description: 'Fit and refinish the bumper', quantity: 300, unit_price_pence: 5500 },
          { kind: 'part', description: 'Bumper mounting bracket', quantity: 1, unit_price_pence: 2500 },
        ],
      });
      await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Your updated estimate/, after: sentAt });
      // £25 + £5 VAT more: £444.00.
      expect(mail.text).toContain('up by £30.00 on version 1');
      await page.goto(linkIn(mail, /^\/estimate\//));
      await settled(page);
      await visible(page.getByText(/The total was £414\.00 and is now £444\.00/));
      await field(page, 'Your full name').fill('Kerenza Penrose');
      await page.getByLabel('Please start the work within the 14 days').check();
      await page.getByRole('button', { name: 'Accept the estimate' }).click();
      await visible(page.getByText(/Accepted by Kerenza Penrose/));
    });

    let number = '';
    await j.step('the admin issues the invoice on the job page', async () => {
      await desk.page.goto(j.url(`/admin/repairs/${jobId}`));
      const panel = desk.page.getByTestId('invoices-panel');
      await panel.getByRole('button', { name: 'Issue the invoice' }).click();
      const done = panel.getByText(/^Invoice INV-\d{6} issued: £444\.$/);
      await visible(done);
      number = /INV-\d{6}/.exec((await done.textContent()) ?? '')![0];
    });

    await admin.expect('POST', `/api/repair-jobs/${jobId}/stage`, [200], { stage_id: await readyStageId(admin) });

    await j.step('the customer pays the £402.60 balance from the tracker: Paid, ready to collect', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /^Follow the repair/ });
      const trackerPath = linkIn(mail, /^\/track\//);
      await page.goto(trackerPath);
      await visible(page.getByRole('heading', { name: 'Your repair' }));
      await settled(page);
      // £444.00 less the £41.40 deposit.
      await visible(page.getByText('£402.60', { exact: false }));
      await page.getByRole('button', { name: 'Pay now' }).click();
      await payOnStripe(page, '£402.60', /^\/track\//);
      await visible(page.getByText('Paid, ready to collect'));
      expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await j.step('the customer downloads the invoice PDF from the tracker: its figures', async () => {
      const link = page.getByRole('link', { name: new RegExp(number) });
      await visible(link);
      const downloading = page.waitForEvent('download');
      await link.click();
      const bytes = await downloadedBytes(await downloading);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain(number);
      expect(text).toContain('GB123456789');
      // Issued after the deposit, before the balance.
      expect(text).toContain('VAT at 20% on £370 £74');
      expect(text).toContain('Total including VAT £444');
      expect(text).toContain('Paid £41.40');
      expect(text).toContain('Amount due £402.60');
    });

    // One deposit and one balance, each paid once, by Stripe's signed webhook alone.
    const payments = await admin.expect('GET', `/api/repair-jobs/${jobId}/payments`, [200]);
    expect(payments.body.due_pence).toBe(0);
    const paid = (payments.body.payments as { amount_pence: number; status: string }[]).filter((p) => p.status === 'paid');
    expect(paid.map((p) => p.amount_pence).sort((a, b) => a - b)).toEqual([4140, 40260]);
  });

  test('an insured job: the customer pays only the £250 excess online; the invoice splits the insurer’s share', async () => {
    stripe.webhookUrl = j.url('/api/payments/stripe-webhook');
    const customerEmail = uniqueEmail('insured-excess');
    const admin = await j.adminApi();
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Tristan Angove',
      email: customerEmail,
      vehicle: 'Toyota Yaris',
      description: 'Hit from behind at the roundabout.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);
    // £1,000 + £200 VAT.
    await admin.expect('PUT', `/api/quote-requests/${quoteId}/estimate/draft`, [200], {
      lines: [{ kind: 'part', description: 'Rear panel and boot lid', quantity: 1, unit_price_pence: 100000 }],
    });
    await admin.expect('POST', `/api/quote-requests/${quoteId}/estimate/send`, [201]);
    const estimateMail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Your estimate/ });
    const token = linkIn(estimateMail, /^\/estimate\//)
      .split('/')
      .pop()!;
    const estimate = await anon.expect('GET', `/api/estimates/${token}`, [200]);
    await anon.expect('POST', `/api/estimates/${token}/acceptance`, [201], {
      version_hash: estimate.body.version.content_hash,
      name: 'Tristan Angove',
      start_within_cancellation: true,
    });
    const job = await admin.expect('POST', '/api/repair-jobs', [201], {
      quote_request_id: quoteId,
      agreed_work: 'Rear panel and boot lid replaced and painted.',
      promised_ready_on: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    });
    const jobId = Number(job.body.id);
    const insurers = await admin.expect('GET', '/api/insurers?active_only=true', [200]);
    const insurer = (insurers.body.data as { id: number; name: string }[])[0]!;
    await admin.expect('PUT', `/api/insurance-claims/repair-jobs/${jobId}`, [200], {
      insurer_id: insurer.id,
      claim_number: 'CLM-2026-0099',
      liability: 'non_fault',
      excess_pence: 25000,
    });
    await admin.expect('PUT', `/api/insurance-claims/repair-jobs/${jobId}/authority`, [200], {
      authorised_pence: 120000,
      authorised_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    const issued = await admin.expect('POST', `/api/repair-jobs/${jobId}/invoices`, [201]);
    expect(JSON.stringify(issued.body)).toContain('25000');
    await admin.expect('POST', `/api/repair-jobs/${jobId}/stage`, [200], { stage_id: await readyStageId(admin) });

    const { page } = await j.newContext({ viewport: PHONE });
    await j.step('at 390 px the tracker asks the £250 excess and nothing more; it is paid on Stripe', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /^Follow the repair/ });
      await page.goto(linkIn(mail, /^\/track\//));
      await visible(page.getByRole('heading', { name: 'Your repair' }));
      await settled(page);
      await visible(page.getByTestId('tracker-insurance').getByText('Your excess to pay us: £250.', { exact: false }));
      await page.getByRole('button', { name: 'Pay now' }).click();
      await payOnStripe(page, '£250.00', /^\/track\//);
      await visible(page.getByText('Paid, ready to collect'));
    });

    await j.step('the invoice PDF splits what the insurer pays (£950) from the excess (£250)', async () => {
      const link = page.getByRole('link', { name: /INV-\d{6}/ });
      await visible(link);
      const downloading = page.waitForEvent('download');
      await link.click();
      const text = await pdfText(await downloadedBytes(await downloading));
      expect(text).toContain('Total including VAT £1,200');
      expect(text).toContain(`Payable by ${insurer.name} £950`);
      expect(text).toContain('Excess payable by you £250');
    });
    const payments = await admin.expect('GET', `/api/repair-jobs/${jobId}/payments`, [200]);
    expect(payments.body.due_pence).toBe(0);
    expect(
      (payments.body.payments as { amount_pence: number; status: string }[]).filter((p) => p.status === 'paid').map((p) => p.amount_pence),
    ).toEqual([25000]);
  });
});
