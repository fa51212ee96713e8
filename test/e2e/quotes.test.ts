/**
 * Quote requests, end to end: a customer with an account follows the home page's "Get a quote",
 * finds the form prefilled, is told the description is too short (nothing typed or chosen is
 * lost), sends three photos (a PDF is refused before it goes) and gets a reference; the admin sees
 * the new-requests badge, opens the request, looks through the photos in the lightbox (arrow keys,
 * Escape) and marks it quoted; the customer sees "Quoted" in the account. axe on each screen.
 *
 * Then the form itself at 390 px and on a desktop: the photo inputs (the camera offered),
 * the shot list, the telephone required by phone, messages that go once fixed, photos named by
 * place and file name, a file that is not a picture, and the draft kept across a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { settled, signIn } from './support/flows.ts';
import { pdfCv, pngImage } from './support/files.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, descriptionOf, field, hidden, until, visible } from './support/ui.ts';
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
      await visible(
        chosen.getByText(
          'Photo 4 (estimate.pdf) is not a photo we can take: photos must be JPEG, PNG, WebP, GIF or AVIF. It will not be sent.',
        ),
      );
      await page.getByLabel(/I agree that the shop/).check();
      await page.getByRole('button', { name: 'Send my request' }).click();
      await visible(page.getByText('Please tell us a little more about the damage: at least 20 characters (10 so far).'));
      // Refused before sending: the focus is on the field to fix.
      expect(await field(page, 'Describe the damage').evaluate((el) => el === document.activeElement)).toBe(true);
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
      // Sent: the draft is gone.
      expect(await page.evaluate(() => sessionStorage.getItem('quote-draft'))).toBeNull();
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
      await signIn(admin.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
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
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
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
      await visible(phone.page.getByText('Please tell us the make and model of your vehicle.'));
      const violations = await seriousViolations(phone.page);
      if (violations.length) failures.push(describeViolations('/quote (phone, errors)', violations));
    });

    expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
  });

  for (const [label, device] of [
    ['390 px', { viewport: PHONE, isMobile: true, hasTouch: true }],
    ['desktop', { viewport: DESKTOP }],
  ] as const) {
    test(`the form at ${label}: the camera, the telephone by phone, messages that clear, photos by name, the draft`, async () => {
      const { page } = await j.newContext(device);
      const phone = label === '390 px';
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quote-requests') posts.push(request.url());
      });
      await page.goto(j.url('/quote'));
      await visible(page.getByRole('heading', { name: 'Get a quote' }));

      await j.step('a large "Take or add photos" button; the camera offered on a touch screen', async () => {
        const add = await visible(page.getByRole('button', { name: 'Take or add photos' }));
        const box = (await add.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual((phone ? PHONE : DESKTOP).width);
        const library = page.getByTestId('quote-photos-input');
        expect(await library.getAttribute('accept')).toBe('image/*');
        expect(await library.getAttribute('multiple')).not.toBeNull();
        // No `capture` here: it would hide the photo library on some phones.
        expect(await library.getAttribute('capture')).toBeNull();
        expect(await page.getByTestId('quote-camera-input').getAttribute('capture')).toBe('environment');
        expect(await page.getByTestId('quote-camera-input').getAttribute('accept')).toBe('image/*');
        const camera = page.getByRole('button', { name: 'Use the camera' });
        if (phone) await visible(camera);
        else await hidden(camera);
        // The button opens the chooser.
        const chooser = page.waitForEvent('filechooser');
        await add.click();
        expect((await chooser).isMultiple()).toBe(true);
        expect(await descriptionOf(add)).toContain('Up to 6 photos: JPEG, PNG, WebP, GIF or AVIF, at most 20 MB each.');
      });

      await j.step('the shot list follows the kind of vehicle, as hints', async () => {
        const shots = page.getByTestId('quote-shot-list');
        await visible(shots.getByText('Each of the four corners, from a few steps back'));
        await visible(shots.getByText('The registration plate'));
        await shots.getByRole('button', { name: 'Boat' }).click();
        expect(await shots.getByRole('button', { name: 'Boat' }).getAttribute('aria-pressed')).toBe('true');
        await visible(shots.getByText('The boat’s name or number'));
      });

      await j.step('an empty Send: messages in plain English beside the fields, the first focused, nothing sent', async () => {
        await page.getByRole('button', { name: 'Send my request' }).click();
        await visible(page.getByText('Please tick the box to agree to the privacy notice.'));
        await visible(page.getByText('Please enter your name.'));
        expect(await field(page, 'Your name').evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await descriptionOf(field(page, 'Your name'))).toBe('Please enter your name.');
        expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBe('true');
        // Fixed: each message goes at once, before anything is sent.
        await field(page, 'Your name').fill('Morwenna Trego');
        await hidden(page.getByText('Please enter your name.'));
        expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBeNull();
        await page.getByLabel(/I agree that the shop/).check();
        await hidden(page.getByText('Please tick the box to agree to the privacy notice.'));
        expect(posts).toEqual([]);
      });

      await j.step('"By telephone" makes the telephone required, and the form says so before sending', async () => {
        await field(page, 'E-mail address').fill(`morwenna.${phone ? 'p' : 'd'}@example.com`);
        await field(page, 'Vehicle (make and model)').fill('Land Rover Defender');
        await field(page, 'Registration (optional)').fill('WK19 ABC');
        await field(page, 'Describe the damage').fill('Deep scratch along the passenger side from a gatepost.');
        await page.getByLabel('By telephone').check();
        const telephone = field(page, 'Telephone');
        expect(await telephone.getAttribute('required')).not.toBeNull();
        await page.getByRole('button', { name: 'Send my request' }).click();
        const message = 'Please give a telephone number so we can call you, or choose to be contacted by e-mail.';
        await visible(page.getByText(message));
        expect(await telephone.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await descriptionOf(telephone)).toContain(message);
        expect(posts).toEqual([]);
        await telephone.fill('07700 900456');
        await hidden(page.getByText(message));
        // Back to e-mail, the number is optional again.
        await telephone.fill('');
        await page.getByLabel('By e-mail').check();
        await hidden(page.getByText(message));
        expect(await field(page, 'Telephone (optional)').getAttribute('required')).toBeNull();
        await page.getByLabel('By telephone').check();
        await visible(page.getByText(message));
        await telephone.fill('07700 900456');
      });

      const chosen = page.getByRole('list', { name: 'Chosen photos' });
      await j.step('photos named by place and file name; not a picture: its name and the reason, no broken thumbnail', async () => {
        await page
          .getByTestId('quote-photos-input')
          .setInputFiles([
            pdfCv('estimate.pdf'),
            await pngImage('door.png', '#1e8449'),
            { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') },
            { name: 'wing.heic', mimeType: 'image/heic', buffer: Buffer.from('not a HEIC either') },
          ]);
        await visible(
          chosen.getByText(
            'Photo 1 (estimate.pdf) is not a photo we can take: photos must be JPEG, PNG, WebP, GIF or AVIF. It will not be sent.',
          ),
        );
        await visible(chosen.getByText(/^Photo 3 \(broken\.jpg\) could not be opened as a picture: it may be damaged\./));
        await visible(chosen.getByText('Photo 2', { exact: true }));
        await visible(chosen.getByText(/^\d+\.\d MB$/).first());
        expect(await brokenImages(page)).toEqual([]);
        // door.png and wing.heic go; the server cannot read wing.heic and calls it "Photo 2" (the
        // second sent): the form names it as the customer sees it.
        await page.getByRole('button', { name: 'Send my request' }).click();
        await visible(
          chosen.getByText('Photo 4 (wing.heic): The file must be an image (JPEG, PNG, WebP, GIF or AVIF). Remove it to send the others.'),
          30_000,
        );
        expect(posts).toHaveLength(1);
        expect(await page.getByRole('button', { name: 'Take or add photos' }).evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await field(page, 'Vehicle (make and model)').inputValue()).toBe('Land Rover Defender');
        expect(await chosen.getByRole('listitem').count()).toBe(4);
        // Remove works from the keyboard, and the message goes with the photo.
        await chosen.getByRole('button', { name: 'Remove Photo 4 (wing.heic)' }).focus();
        await page.keyboard.press('Enter');
        await hidden(chosen.getByText(/wing\.heic/));
        expect(await chosen.getByRole('listitem').count()).toBe(3);
      });

      await j.step('a reload keeps the text and says the photos must be added again', async () => {
        expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /quote/i.test(k)))).toEqual([]);
        await page.reload();
        await visible(page.getByRole('heading', { name: 'Get a quote' }));
        await until(
          () => field(page, 'Describe the damage').inputValue(),
          (v) => v === 'Deep scratch along the passenger side from a gatepost.',
          'the description restored',
        );
        expect(await field(page, 'Your name').inputValue()).toBe('Morwenna Trego');
        expect(await field(page, 'Telephone').inputValue()).toBe('07700 900456');
        expect(await page.getByLabel('By telephone').isChecked()).toBe(true);
        expect(await page.getByLabel(/I agree that the shop/).isChecked()).toBe(true);
        await visible(page.getByText('Your photos were not kept when the page reloaded: please add them again.'));
        await visible(page.getByText('estimate.pdf, door.png, broken.jpg'));
        await page.getByTestId('quote-photos-input').setInputFiles([await pngImage('door.png', '#1e8449')]);
        await hidden(page.getByText('Your photos were not kept when the page reloaded: please add them again.'));
        const violations = await seriousViolations(page);
        expect(describeViolations(`/quote (${label})`, violations)).toBe(describeViolations(`/quote (${label})`, []));
      });
    });
  }
});

/** Pictures on the page that failed to load (a broken thumbnail shows as one with no width). */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('img'))
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.outerHTML),
  );
}
