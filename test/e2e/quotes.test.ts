/**
 * Quote requests, end to end: a customer with an account follows the home page's "Get a quote",
 * finds the form prefilled, is told the description is too short (nothing typed or chosen is
 * lost), sends three photos (a PDF is refused before it goes) and gets a reference; the admin sees
 * the new-requests badge, opens the request, looks through the photos in the lightbox (arrow keys,
 * Escape) and marks it quoted; the customer sees "Quoted" in the account. axe on each screen.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { settled, signIn } from './support/flows.ts';
import { pdfCv, pngImage } from './support/files.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, field, hidden, until, visible } from './support/ui.ts';
import { listMail } from './support/mail.ts';

const j = useJourney(import.meta.filename);

describe('quote requests', () => {
  test('a customer sends photos, the admin triages, the customer sees the status', async () => {
    const { page } = j;
    const failures: string[] = [];
    const axe = async (label: string) => {
      const violations = await seriousViolations(page);
      if (violations.length) failures.push(describeViolations(label, violations));
    };
    const customer = await createUser(await j.adminApi(), { firstname: 'Demelza', lastname: 'Penrose' });
    await signIn(page, j.server.baseUrl, customer.email, customer.password);

    await j.step('the home page button opens the form, prefilled for a signed-in customer', async () => {
      await page.goto(j.url('/'));
      await settled(page);
      await page.getByRole('link', { name: 'Get a quote' }).first().click();
      await atPath(page, '/quote');
      await visible(page.getByRole('heading', { name: 'Get a quote' }));
      expect(await field(page, 'Your name').inputValue()).toBe('Demelza Penrose');
      expect(await field(page, 'E-mail address').inputValue()).toBe(customer.email);
      await axe('/quote');
    });

    const photos = await Promise.all([
      pngImage('front-wing.png', '#c0392b'),
      pngImage('door.png', '#1e8449'),
      pngImage('bumper.png', '#2471a3'),
    ]);

    await j.step('a short description is refused next to its field; the photos and text stay', async () => {
      await field(page, 'Vehicle (make and model)').fill('Volvo V70 <b>estate</b>');
      await field(page, 'Describe the damage').fill('Scratched.');
      await page.locator('[data-testid="quote-photos-input"]').setInputFiles([...photos, pdfCv('estimate.pdf')]);
      const chosen = page.getByRole('list', { name: 'Chosen photos' });
      await visible(chosen.getByText("You can't upload files of this type. It will not be sent."));
      await page.getByLabel(/I agree that the shop/).check();
      await page.getByRole('button', { name: 'Send my request' }).click();
      await visible(page.getByText('The description field must be at least 20 characters.'));
      expect(await field(page, 'Vehicle (make and model)').inputValue()).toBe('Volvo V70 <b>estate</b>');
      expect(await chosen.getByRole('listitem').count()).toBe(4);
      await axe('/quote (errors)');
    });

    const reference = await j.step('three photos go with progress; the reference is shown', async () => {
      await field(page, 'Describe the damage').fill('Dent and scratches on the front wing and driver door after a scrape.');
      await page.getByRole('button', { name: 'Send my request' }).click();
      await visible(page.getByRole('heading', { name: 'Thank you, we have your request' }), 30_000);
      const text = (await page.locator('.quote__reference').textContent()) ?? '';
      expect(text).toMatch(/^Q-\d{4}-[A-Z2-9]{6}$/);
      await axe('/quote (sent)');
      return text;
    });

    await j.step('the shop and the customer receive their e-mails', async () => {
      await until(
        () => listMail(j.server.dataDir),
        (mails) => mails.filter((m) => m.subject.includes(reference)).length === 2,
        'two mails naming the reference',
      );
    });

    const admin = await j.newContext();
    await j.step('the admin sees the badge and opens the request', async () => {
      await signIn(admin.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/');
      await admin.page.goto(j.url('/admin'));
      const menu = admin.page.getByRole('navigation', { name: 'Admin' });
      await visible(menu.getByTestId('new-quotes-badge'));
      expect(Number((await menu.getByTestId('new-quotes-badge').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
      await menu.getByRole('link', { name: /Quote requests/ }).click();
      await atPath(admin.page, '/admin/quotes');
      await visible(admin.page.getByRole('heading', { name: 'Quote requests' }));
      await admin.page.getByLabel('Status').selectOption('new');
      await admin.page.getByRole('link', { name: reference }).click();
      await atPath(admin.page, /^\/admin\/quotes\/\d+$/);
      await visible(admin.page.getByRole('heading', { name: `Quote request ${reference}` }));
      // HTML the customer typed is shown as text.
      await visible(admin.page.getByText('Volvo V70 <b>estate</b>'));
    });

    await j.step('the photos open in a lightbox: arrow keys move, Escape closes', async () => {
      const thumbs = admin.page.getByRole('button', { name: /^Open damage photo \d$/ });
      await until(
        () => thumbs.count(),
        (n) => n === 3,
        'three thumbnails',
      );
      await thumbs.first().click();
      const dialog = admin.page.getByRole('dialog', { name: 'Damage photo 1' });
      await visible(dialog);
      await until(
        () => dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        (w) => Number(w) > 0,
        'the photo loaded through its signed link',
      );
      await admin.page.keyboard.press('ArrowRight');
      await visible(admin.page.getByRole('dialog', { name: 'Damage photo 2' }));
      await admin.page.keyboard.press('Escape');
      await hidden(admin.page.getByRole('dialog'));
    });

    await j.step('the admin marks it quoted', async () => {
      await admin.page.getByLabel('Status', { exact: true }).selectOption('quoted');
      await admin.page.getByLabel(/^Notes/).fill('Quoted £480 by phone.');
      await admin.page.getByRole('button', { name: 'Save' }).click();
      await visible(admin.page.getByText('Your Changes Have Been Saved'));
    });

    await j.step('axe on the admin screens', async () => {
      const adminPage = admin.page;
      const detail = adminPage.url();
      for (const url of [j.url('/admin/quotes'), detail]) {
        await adminPage.goto(url);
        await visible(adminPage.getByRole('heading', { name: /Quote request/ }));
        const violations = await seriousViolations(adminPage);
        if (violations.length) failures.push(describeViolations(new URL(url).pathname, violations));
      }
    });

    await j.step('the customer sees the new status in the account', async () => {
      await page.goto(j.url('/account/quotes'));
      await visible(page.getByRole('heading', { name: 'My quote requests' }));
      await visible(page.getByTestId(`quote-status-${reference}`).getByText('Quoted'));
      await axe('/account/quotes');
    });

    await j.step('axe on /quote at phone width, as a visitor', async () => {
      const phone = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      await phone.page.goto(j.url('/quote'));
      await visible(phone.page.getByRole('heading', { name: 'Get a quote' }));
      expect(await field(phone.page, 'Your name').inputValue()).toBe('');
      await phone.page.getByRole('button', { name: 'Send my request' }).click();
      await visible(phone.page.getByText('The vehicle field is required.'));
      const violations = await seriousViolations(phone.page);
      if (violations.length) failures.push(describeViolations('/quote (phone, errors)', violations));
    });

    expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
  });
});
