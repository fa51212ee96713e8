/**
 * The shop and the customer in one conversation, end to end, at two sizes: a guest books the first
 * free time on a phone (390 px); the shop's mail arrives (read from the local SMTP server's
 * outbox); the admin, at a desktop, finds the booking under Needs you, opens it and replies in its
 * thread; the customer opens the link in the reply's mail on the phone, reads the reply and
 * answers; the shop is told of the answer by mail, and Needs you lists the message as unanswered.
 * (A priced quote leading to a booking with the quote attached, and a guest's quote and booking
 * joining the account after registering, are result-in-view.test.ts's journeys.)
 */
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

/** A zone where it is daytime now, so the reply is not held over the shop's quiet hours. */
function daytimeZone(): string {
  const hour = new Date().getUTCHours();
  return hour >= 8 && hour < 20 ? 'UTC' : hour < 8 ? 'Asia/Tokyo' : 'America/Los_Angeles';
}

describe('one conversation', () => {
  test('a guest books on a phone; the admin at a desktop replies from Needs you; the guest answers from the mail; the shop is told', async () => {
    const admin = await j.adminApi();
    const shop = (await admin.expect('GET', '/api/shop', [200])).body as { email: string } & Record<string, unknown>;
    await admin.expect('PUT', '/api/shop', [200], { ...shop, timeZone: daytimeZone() });
    const email = uniqueEmail('conversation');
    const name = 'Tamsin Nancarrow';
    const vehicle = 'Skoda Octavia Estate';
    const { page } = j;
    const started = Date.now();

    const reference = await j.step('the guest books the first free time at 390 px', async () => {
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
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
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
      await visible(panel.getByText('Sent: the customer is e-mailed your reply.'));
      await visible(panel.getByText('Please bring the locking wheel nut key.', { exact: false }));
      return at;
    });

    const answeredAt = await j.step("the guest opens the reply's mail link at 390 px, reads it and answers", async () => {
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
      await visible(page.getByText('Thank you: your message is with the shop.', { exact: false }));
      await visible(messages.getByText('Will do. Can I wait while you look?'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
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
  });
});
