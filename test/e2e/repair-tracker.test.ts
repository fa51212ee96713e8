/**
 * The repair tracker, end to end: the admin turns a quote request into a repair job,
 * moves it through two stages on the board and shares a photo; the customer opens the tracker from
 * the e-mail, sees both stages with their times and the photo, and sends a message, which the admin
 * reads on the job's page; the admin marks the car collected; the review request arrives (its
 * delay shortened), the customer leaves feedback with consent beside the shop's public review
 * link, the used link then says thank you, the admin approves it and it appears in the carousel.
 * At 390 px the admin takes a photo camera first and switches on "Show the customer"; at 1280 px
 * the board's overflow shows its cue. The tracker at 390 px; axe on the tracker, the board, the job page, the
 * stage list, the review page and the feedback queue.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { pngImage } from './support/files.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, field, until, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';

// The review request goes about 2 seconds after collection instead of 2 days.
const j = useJourney(import.meta.filename, { env: { REVIEW_REQUEST_DELAY_HOURS: '0.0005' } });

describe('repair tracker', () => {
  test('quote to job, two stages and a shared photo; the customer follows it and writes; collected; review request, feedback, approved into the carousel', async () => {
    const failures: string[] = [];
    const customerEmail = uniqueEmail('tracker');
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Tamsin Trewin',
      email: customerEmail,
      telephone: '07700 900777',
      vehicle: 'Land Rover Defender',
      registration: 'LR70 DEF',
      description: 'Deep scratch along the nearside doors after a lane too narrow.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);

    const { page: admin } = await j.newContext();
    const axe = async (label: string, page = admin) => {
      const violations = await seriousViolations(page);
      if (violations.length) failures.push(describeViolations(label, violations));
    };
    await signIn(admin, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');

    await j.step('the admin opens a repair job from the quote request', async () => {
      await admin.goto(j.url(`/admin/quotes/${quoteId}`));
      await visible(admin.getByRole('heading', { name: 'Open a repair job' }));
      await field(admin, 'Agreed work').fill('Respray both nearside doors.');
      await field(admin, 'Promised ready on').fill('2026-12-18');
      await admin.getByRole('button', { name: 'Open the repair job' }).click();
      await atPath(admin, /^\/admin\/repairs\/\d+$/);
      await visible(admin.getByRole('heading', { name: /^Repair R-\d{4}-[A-Z2-9]{6}: Land Rover Defender$/ }));
      await axe('/admin/repairs/:id');
    });
    const jobPath = new URL(admin.url()).pathname;

    await j.step('on the board, the job moves through two stages', async () => {
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Repairs', exact: true }).click();
      await atPath(admin, '/admin/repairs');
      const bookedIn = admin.getByTestId('stage-Booked in');
      await visible(bookedIn.getByRole('link', { name: 'Land Rover Defender' }));
      await axe('/admin/repairs');
      await bookedIn.getByRole('button', { name: 'Move to Assessed' }).click();
      const assessed = admin.getByTestId('stage-Assessed');
      await visible(assessed.getByRole('link', { name: 'Land Rover Defender' }));
      // By keyboard: pick the job up by its handle, move it right, drop it. Each key waits for
      // the live region's answer, as a person would: dnd-kit measures the columns after the
      // pick-up, and an arrow pressed before that has nowhere to go.
      const handle = assessed.getByRole('button', { name: /^Drag R-\d{4}-[A-Z2-9]{6}, Land Rover Defender$/ });
      const announced = (text: string) => visible(admin.locator('[id^="DndLiveRegion"]').getByText(text, { exact: true }));
      await handle.focus();
      await admin.keyboard.press('Space');
      await announced('Over Assessed.');
      // Two stages right: past "Awaiting insurer authority" (an uninsured job skips it) to "Awaiting parts".
      await admin.keyboard.press('ArrowRight');
      await announced('Over Awaiting insurer authority.');
      await admin.keyboard.press('ArrowRight');
      await announced('Over Awaiting parts.');
      await admin.keyboard.press('Space');
      await visible(admin.getByTestId('stage-Awaiting parts').getByRole('link', { name: 'Land Rover Defender' }));
    });

    await j.step('at 1280 px the board runs past its pane: a fade at the right edge, "Scroll for more stages"', async () => {
      await admin.setViewportSize({ width: 1280, height: 900 });
      await admin.goto(j.url('/admin/repairs'));
      const frame = admin.getByTestId('repair-board-frame');
      const board = admin.getByRole('region', { name: 'Repair board' });
      await visible(board.getByTestId('stage-Awaiting parts'));
      const overflows = await board.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(overflows).toBe(true);
      await until(
        () => frame.getAttribute('class'),
        (c) => String(c).includes('has-more-right'),
        'the right-edge cue',
      );
      // The fade eases in: read it once its transition is over.
      await until(
        () => frame.evaluate((el) => getComputedStyle(el, '::after').opacity),
        (opacity) => opacity === '1',
        'the right-edge fade at full strength',
      );
      expect(await admin.locator('#repair-board-more').textContent()).toBe('Scroll for more stages');
      expect(await board.getAttribute('aria-describedby')).toBe('repair-board-more');
      expect(await board.getAttribute('tabindex')).toBe('0');
      // Scrolled to the end: the cue moves to the left edge.
      await board.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await until(
        () => frame.getAttribute('class'),
        (c) => String(c).includes('has-more-left') && !String(c).includes('has-more-right'),
        'the cue at the left edge only',
      );
      expect(await admin.locator('#repair-board-more').count()).toBe(0);
      await axe('/admin/repairs (1280 px)');
    });

    await j.step('at 390 px the admin takes a photo (camera first) and switches on "Show the customer"', async () => {
      await admin.setViewportSize(PHONE);
      await admin.goto(j.url(jobPath));
      const camera = admin.getByLabel('Take a photo');
      expect(await camera.getAttribute('capture')).toBe('environment');
      expect(await camera.getAttribute('accept')).toBe('image/*');
      const library = admin.getByLabel('Choose from library');
      expect(await library.getAttribute('capture')).toBeNull();
      const photo = await pngImage('doors.png', '#2e86c1');
      // The camera's picker is a file input: a photo given to it uploads at once.
      await camera.setInputFiles([{ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer }]);
      const share = admin.getByRole('switch', { name: 'Show the customer' });
      await visible(share);
      expect(await share.isChecked()).toBe(false);
      await visible(admin.locator('.repair-photo__state', { hasText: 'Workshop only' }));
      // By keyboard: Space on the switch.
      await share.focus();
      await admin.keyboard.press('Space');
      await until(
        () => share.isChecked(),
        (checked) => checked,
        'the share switch saved',
      );
      await visible(admin.locator('.repair-photo.is-shared .repair-photo__state', { hasText: 'Shown on the tracker' }));
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await axe('/admin/repairs/:id (390 px)');
      await admin.setViewportSize({ width: 1366, height: 900 });
    });

    const customer = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await j.step('the customer opens the tracker from the e-mail: both stages, with times, and the photo', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Follow the repair/ });
      const link = linkIn(mail, /^\/track\//);
      const response = await customer.page.goto(link);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await visible(customer.page.getByRole('heading', { name: 'Your repair' }));
      await settled(customer.page);
      const stages = customer.page.locator('.tracker__stage.is-reached');
      expect(await stages.locator('.tracker__stage-name').allTextContents()).toEqual(['Booked in', 'Assessed', 'Awaiting parts']);
      expect(await stages.locator('.tracker__stage-time').count()).toBe(3);
      const img = customer.page.locator('.tracker__photos img');
      await until(
        () => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
        (w) => Number(w) > 0,
        'the shared photo loaded through its signed link',
      );
      // The shop's telephone as a call link.
      await visible(customer.page.locator('.tracker a[href^="tel:"]'));
      // Fits the phone.
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await axe('/track/:token (phone)', customer.page);
    });

    await j.step('the customer sends a message; the admin reads it on the job', async () => {
      await field(customer.page, 'Message to the workshop').fill('Could you check the wing mirror too?');
      await customer.page.getByRole('button', { name: 'Send message' }).click();
      await visible(customer.page.getByText('Thank you: your message is with the workshop.'));
      await admin.reload();
      await visible(admin.getByText(/Could you check the wing mirror too\?/));
    });

    await j.step('the admin marks it collected; the stage list screen passes axe', async () => {
      await admin.locator('select[name="stage_id"]').selectOption({ label: 'Collected' });
      await admin.getByRole('button', { name: 'Move', exact: true }).click();
      await visible(admin.locator('.admin-badge', { hasText: 'Collected' }));
      await admin.goto(j.url('/admin/repair-stages'));
      await visible(admin.getByRole('heading', { name: 'Repair stages' }));
      await axe('/admin/repair-stages');
    });

    await j.step('the review request arrives; the customer leaves feedback with consent beside the review link', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /How did we do/, timeoutMs: 90_000 });
      const response = await customer.page.goto(linkIn(mail, /^\/review\//));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await visible(customer.page.getByRole('heading', { name: 'How did we do?' }));
      await visible(customer.page.getByText(/Land Rover Defender/));
      await customer.page.getByRole('radio', { name: '4 stars' }).check({ force: true });
      await field(customer.page, 'Anything you would like to tell us').fill('Doors look factory fresh.');
      await field(customer.page, 'Your name, as we may show it').fill('Tamsin T.');
      await customer.page.getByLabel('You may show my words, score and name on your website').check();
      await axe('/review/:token (phone)', customer.page);
      await customer.page.getByRole('button', { name: 'Send my feedback' }).click();
      await visible(customer.page.getByText('Thank you: your feedback is with the workshop.'));
    });

    await j.step('at 390 px the review page leads to the shop’s public review link; used, it says thank you', async () => {
      const reviewUrl = customer.page.url();
      // The demo shop's one review link (Shop details' "Reviews link").
      const publicLink = customer.page.getByRole('link', { name: /^Write a review/ });
      expect(await publicLink.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\//);
      const response = await customer.page.goto(reviewUrl);
      expect(response?.status()).toBe(200);
      await visible(customer.page.getByText('Thank you, we have your review'));
      expect(await customer.page.getByRole('link', { name: /^Write a review/ }).getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\//,
      );
      expect(await customer.page.getByRole('button', { name: 'Send my feedback' }).count()).toBe(0);
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await axe('/review/:token used (phone)', customer.page);
    });

    await j.step('the admin approves it and it appears in the carousel', async () => {
      await admin.goto(j.url('/admin/feedback'));
      await visible(admin.getByRole('heading', { name: /Tamsin T\., Land Rover Defender/ }));
      await axe('/admin/feedback');
      await admin.getByRole('button', { name: 'Approve the feedback of Tamsin T.' }).click();
      await visible(admin.getByText('Nothing is waiting.'));
      const visitor = await j.newContext();
      await until(
        async () => {
          await visitor.page.goto(j.url('/'));
          return visitor.page.getByText('Doors look factory fresh.').count();
        },
        (n) => n > 0,
        'the approved feedback in the carousel',
      );
    });

    expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
  });
});
