/**
 * The shop and the customer in one conversation, end to end, run twice: the guest on a phone
 * (390 px) and at a desktop (1280 px). The guest books the first free time; the shop's mail
 * arrives (read from the local SMTP server's outbox); the admin, at a desktop, finds the booking
 * under Needs you, opens it and replies in its thread; the customer opens the link in the reply's
 * mail, reads the reply and answers; the shop is told of the answer by mail, and Needs you lists
 * the message as unanswered. After each send (the admin's and the guest's) the confirmation is in
 * view and has the focus (docs/decisions/result-in-view-after-submit.md).
 * (A priced quote leading to a booking with the quote attached, and a guest's quote and booking
 * joining the account after registering, are result-in-view.test.ts's journeys.)
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, field, until, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';
import { daytimeZone } from '#test/support/daytime.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

/** The result of a send: on screen (the fixed header and call bar aside) and focused. */
async function inViewAndFocused(page: Page, result: Locator, label: string): Promise<void> {
  await visible(result);
  await until(
    () => result.evaluate((el) => el === document.activeElement),
    (focused) => focused,
    `${label} focused`,
  );
  const inView = await result.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });
  expect(inView, `${label} in view at ${page.viewportSize()?.width} px`).toBe(true);
}

const SIZES = [
  { label: 'on a phone (390 px)', viewport: PHONE, who: 'Tamsin Nancarrow' },
  { label: 'at a desktop (1280 px)', viewport: { width: 1280, height: 900 }, who: 'Jory Pascoe' },
];

describe('one conversation', () => {
  test.each(SIZES)(
    'a guest books $label; the admin at a desktop replies from Needs you; the guest answers from the mail; the shop is told',
    async ({ viewport, who }) => {
      const admin = await j.adminApi();
      const shop = (await admin.expect('GET', '/api/shop', [200])).body as { email: string } & Record<string, unknown>;
      await admin.expect('PUT', '/api/shop', [200], { ...shop, timeZone: daytimeZone() });
      const email = uniqueEmail('conversation');
      const name = who;
      const vehicle = 'Skoda Octavia Estate';
      const { page } = j;
      await page.setViewportSize(viewport);
      const started = Date.now();

      const reference = await j.step(`the guest books the first free time at ${viewport.width} px`, async () => {
        await page.goto(j.url('/book'));
        await settled(page);
        await page.getByRole('list', { name: 'Kinds of booking' }).getByRole('button').first().click();
        await page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').first().click();
        await page.getByRole('list', { name: 'Times' }).getByRole('button').first().click();
        await field(page, 'Your name').fill(name);
        await field(page, 'E-mail address').fill(email);
        await field(page, 'Telephone').fill('07700 900456');
        await field(page, 'Vehicle (make and model)').fill(vehicle);
        await page.getByRole('button', { name: 'Book this time' }).click();
        await visible(page.getByRole('heading', { name: 'You are booked in' }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        return ((await page.locator('.book__reference').textContent()) ?? '').trim();
      });
      expect(reference).toMatch(/^B-/);

      const adminPath = await j.step("the shop's mail arrives with the booking's admin page", async () => {
        const mail = await waitForMail(j.server.dataDir, shop.email, { subject: /^New booking: /, after: started });
        expect(mail.subject).toBe(`New booking: ${reference}`);
        expect(mail.text).toContain(name);
        const link = mail.links.find((l) => /\/admin\/bookings\/\d+$/.test(new URL(l).pathname))!;
        expect(link).toBeTruthy();
        return new URL(link).pathname;
      });

      const desk = await j.newContext({ viewport: DESKTOP });
      await signIn(desk.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      const repliedAt = await j.step('the admin at a desktop finds it under Needs you, opens it and replies in its thread', async () => {
        const needsYou = desk.page.getByRole('region', { name: /Needs you/ });
        await visible(needsYou);
        await visible(desk.page.getByTestId('needs-you-badge'));
        await needsYou.getByRole('link', { name: `${name}: ${vehicle}` }).click();
        await atPath(desk.page, adminPath);
        await settled(desk.page);
        const panel = desk.page.getByRole('region', { name: 'Messages with the customer' });
        await visible(panel);
        const at = Date.now();
        await field(panel, 'Reply to the customer').fill('Thanks for booking. Please bring the locking wheel nut key.');
        await panel.getByRole('button', { name: 'Send' }).click();
        await inViewAndFocused(
          desk.page,
          panel.getByRole('status').filter({ hasText: 'Sent: the customer is e-mailed your reply.' }),
          "the admin's confirmation",
        );
        await visible(panel.getByText('Please bring the locking wheel nut key.', { exact: false }));
        return at;
      });

      const answeredAt = await j.step(`the guest opens the reply's mail link at ${viewport.width} px, reads it and answers`, async () => {
        const mail = await waitForMail(j.server.dataDir, email, { subject: /A reply about/, after: repliedAt - 1000 });
        expect(mail.subject).toContain(reference);
        expect(mail.subject).not.toContain('locking');
        await page.goto(linkIn(mail, /^\/book\/manage\//));
        await settled(page);
        const messages = page.getByRole('list', { name: 'Messages with the shop' });
        await visible(messages.getByText('Please bring the locking wheel nut key.', { exact: false }));
        await visible(messages.getByText(/at the shop/));
        const at = Date.now();
        await field(page, 'Message to the shop').fill('Will do. Can I wait while you look?');
        await page.getByRole('button', { name: 'Send message' }).click();
        await inViewAndFocused(
          page,
          page.getByRole('status').filter({ hasText: 'Thank you: your message is with the shop.' }),
          "the guest's confirmation",
        );
        await visible(messages.getByText('Will do. Can I wait while you look?'));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        return at;
      });

      await j.step('the shop is told of the answer, and Needs you lists it as unanswered', async () => {
        const told = await waitForMail(j.server.dataDir, shop.email, { subject: /^Customer message: /, after: answeredAt - 1000 });
        expect(told.subject).toBe(`Customer message: ${reference}`);
        expect(told.text).toContain('Will do. Can I wait while you look?');
        await desk.page.goto(j.url('/admin'));
        await settled(desk.page);
        const needsYou = desk.page.getByRole('region', { name: /Needs you/ });
        await visible(needsYou.getByRole('heading', { name: /Unanswered messages/ }));
        await visible(needsYou.getByRole('link', { name: `Message from ${name}` }));
      });
    },
  );
});
