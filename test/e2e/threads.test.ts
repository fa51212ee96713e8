/**
 * The shop and its customer in one thread, end to end: the customer writes from the tracker, the
 * admin replies from the repair job's page (the sent reply in view, the thread waiting no more),
 * the customer opens the link in the reply's e-mail on a phone, reads the reply with who wrote it,
 * answers at 390 px, and the admin sees the answer and marks the thread done.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { daytimeZone } from '#test/support/daytime.ts';

const j = useJourney(import.meta.filename);

describe('message threads', () => {
  test('the admin replies from a repair job; the customer reads it from the mail link and answers on a phone', async () => {
    const failures: string[] = [];
    const customerEmail = uniqueEmail('thread');
    const api = j.api();
    await api.login(j.server.adminEmail, j.server.adminPassword);
    const shop = await api.expect('GET', '/api/shop', [200]);
    await api.expect('PUT', '/api/shop', [200], { ...shop.body, timeZone: daytimeZone() });
    const job = await api.expect('POST', '/api/repair-jobs', [201], {
      customer_name: 'Morwenna Pascoe',
      customer_email: customerEmail,
      vehicle: 'Mini Cooper',
      agreed_work: 'Repair the dented bonnet.',
      promised_ready_on: '2026-12-18',
    });
    const created = await waitForMail(j.server.dataDir, customerEmail, { subject: /Follow the repair/ });
    const trackerLink = linkIn(created, /^\/track\//);

    const customer = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await j.step('the customer writes from the tracker', async () => {
      await customer.page.goto(trackerLink);
      await settled(customer.page);
      await field(customer.page, 'Message to the workshop').fill('Will the paint match exactly?');
      await customer.page.getByRole('button', { name: 'Send message' }).click();
      await visible(customer.page.getByText('Thank you: your message is with the workshop.'));
    });

    const { page: admin } = await j.newContext();
    await signIn(admin, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
    const sentAt = Date.now();
    await j.step('the admin reads the message on the job and replies', async () => {
      await admin.goto(j.url(`/admin/repairs/${job.body.id}`));
      const panel = admin.getByRole('region', { name: 'Messages with the customer' });
      await visible(panel.getByText('Will the paint match exactly?'));
      await visible(panel.getByText('Waiting for you'));
      await field(panel, 'Reply to the customer').fill('Yes: we mix it to your car’s paint code.');
      await panel.getByRole('button', { name: 'Send' }).click();
      await visible(panel.getByText('Sent: the customer is e-mailed your reply.'));
      await visible(panel.getByText('Yes: we mix it to your car’s paint code.'));
      await visible(panel.getByText('Answered'));
      const violations = await seriousViolations(admin);
      if (violations.length) failures.push(describeViolations('/admin/repairs/:id (thread)', violations));
    });

    await j.step('the customer opens the link in the reply’s mail, reads the reply and answers at 390 px', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /A reply about/, after: sentAt - 1000 });
      expect(mail.text).toContain('Answering through the link keeps everything in one place.');
      await customer.page.goto(linkIn(mail, /^\/track\//));
      await settled(customer.page);
      const messages = customer.page.getByRole('list', { name: 'Messages' });
      await visible(messages.getByText('Yes: we mix it to your car’s paint code.'));
      await visible(messages.getByText(/The workshop/));
      await field(customer.page, 'Message to the workshop').fill('Perfect, thank you.');
      await customer.page.getByRole('button', { name: 'Send message' }).click();
      await visible(messages.getByText('Perfect, thank you.'));
      expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await j.step('the admin sees the answer and marks the thread done', async () => {
      await admin.reload();
      const panel = admin.getByRole('region', { name: 'Messages with the customer' });
      await visible(panel.getByText('Perfect, thank you.'));
      await panel.getByRole('button', { name: 'Mark done' }).click();
      await visible(panel.getByText('Marked done. A new message from the customer reopens it.'));
    });

    expect(failures).toEqual([]);
  });
});
