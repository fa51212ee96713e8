/**
 * An insured repair, end to end: the admin opens a job from a quote request and marks it insured
 * on its Insurance panel (a demo insurer, the claim number, non-fault, an excess of £250); the job
 * moves to "Awaiting insurer authority" and the move past it is refused, the message beside the
 * stage field; the customer's tracker at 390 px says the insurer is awaited; the admin records the
 * authority and the job moves on; the tracker then shows the insurer, the claim number, the
 * liability and the excess, and no longer the wait; the admin downloads the insurer pack, read
 * back as a ZIP with its entries.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, downloadedBytes, useJourney } from './support/journey.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { uniqueEmail } from './support/api.ts';
import { unzip } from '#test/support/zip.ts';

const j = useJourney(import.meta.filename);

const INSURER = 'Tamarside Mutual';
const CLAIM_NUMBER = 'TM-2026/4471';
const NEEDS_AUTHORITY = "This job is insured: record the insurer's authority before moving it past Awaiting insurer authority.";

/** Yesterday as YYYY-MM-DD: never in the future on the shop's clock. */
function yesterday(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe('an insured repair', () => {
  test('marked insured, held at Awaiting insurer authority until the authority, moved on; the tracker at 390 px shows the claim; the insurer pack downloads', async () => {
    const customerEmail = uniqueEmail('insured');
    const anon = j.api();
    await anon.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const quote = await anon.expect('POST', '/api/quote-requests', [201], {
      name: 'Morwenna Hicks',
      email: customerEmail,
      telephone: '07700 900555',
      vehicle: 'Volkswagen Golf',
      registration: 'VW21 GLF',
      description: 'Another car ran into the back of mine at the lights.',
      preferred_contact: 'email',
      consent: '1',
    });
    const quoteId = Number(quote.body.id);

    const admin = j.page;
    await signIn(admin, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
    const stageField = admin.locator('select[name="stage_id"]');
    const badge = admin.locator('.admin-badge');

    await j.step('the admin opens a repair job from the quote request', async () => {
      await admin.goto(j.url(`/admin/quotes/${quoteId}`));
      await visible(admin.getByRole('heading', { name: 'Open a repair job' }));
      await field(admin, 'Agreed work').fill('Rear bumper and boot lid replaced and painted.');
      await field(admin, 'Promised ready on').fill('2026-12-18');
      await admin.getByRole('button', { name: 'Open the repair job' }).click();
      await atPath(admin, /^\/admin\/repairs\/\d+$/);
      await visible(admin.getByRole('heading', { name: /^Repair R-\d{4}-[A-Z2-9]{6}: Volkswagen Golf$/ }));
    });
    const reference = /Repair (R-\d{4}-[A-Z2-9]{6})/.exec((await admin.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1];
    expect(reference).toBeTruthy();

    await j.step('the admin marks it insured: a demo insurer, the claim number, non-fault, £250 excess', async () => {
      const panel = admin.getByTestId('insurance-panel');
      await panel.locator('select[name="insurer_id"]').selectOption({ label: INSURER });
      await field(panel, 'Claim number').fill(CLAIM_NUMBER);
      await panel.locator('select[name="liability"]').selectOption({ label: 'Non-fault' });
      await field(panel, 'Excess the customer pays (£)').fill('250');
      await panel.getByRole('button', { name: 'Mark insured' }).click();
      const facts = panel.getByTestId('insurance-facts');
      await visible(facts.getByText(INSURER, { exact: true }));
      await visible(facts.getByText(CLAIM_NUMBER, { exact: true }));
      await visible(facts.getByText('Non-fault', { exact: true }));
      await visible(facts.getByText('£250', { exact: true }));
      await visible(facts.getByText('Awaiting insurer authority', { exact: true }));
    });

    await j.step('the job sits at Awaiting insurer authority and cannot move on: the refusal is beside the stage field', async () => {
      await stageField.selectOption({ label: 'Awaiting insurer authority' });
      await admin.getByRole('button', { name: 'Move', exact: true }).click();
      await visible(badge.filter({ hasText: 'Awaiting insurer authority' }));
      await stageField.selectOption({ label: 'Bodywork' });
      await admin.getByRole('button', { name: 'Move', exact: true }).click();
      await visible(admin.getByText(NEEDS_AUTHORITY));
      expect(await stageField.getAttribute('aria-invalid')).toBe('true');
      await admin.reload();
      await visible(badge.filter({ hasText: 'Awaiting insurer authority' }));
    });

    const customer = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const note = customer.page.getByTestId('tracker-insurance');
    await j.step('at 390 px the customer’s tracker says the insurer is awaited', async () => {
      const mail = await waitForMail(j.server.dataDir, customerEmail, { subject: /Follow the repair/ });
      const response = await customer.page.goto(linkIn(mail, /^\/track\//));
      expect(response?.status()).toBe(200);
      await visible(customer.page.getByRole('heading', { name: 'Your repair' }));
      await settled(customer.page);
      await visible(note.getByText(`We are waiting for ${INSURER} to authorise the repair`, { exact: false }));
      expect(await customer.page.locator('.tracker__now strong').textContent()).toBe('Awaiting insurer authority');
    });

    await j.step('the admin records the authority; the job moves on', async () => {
      const authority = admin.getByRole('form', { name: "Insurer's authority" });
      await field(authority, 'Amount authorised (£)').fill('1840');
      await field(authority, 'Date of the authority').fill(yesterday());
      await authority.getByRole('button', { name: 'Record the authority' }).click();
      await visible(admin.getByTestId('insurance-facts').getByText(/^£1,840 on /));
      await stageField.selectOption({ label: 'Bodywork' });
      await admin.getByRole('button', { name: 'Move', exact: true }).click();
      await visible(badge.filter({ hasText: 'Bodywork' }));
      expect(await admin.getByText(NEEDS_AUTHORITY).count()).toBe(0);
    });

    await j.step(
      'at 390 px the tracker shows the insurer, the claim number, the liability and the excess; never the authority',
      async () => {
        await customer.page.reload();
        await visible(customer.page.getByRole('heading', { name: 'Your repair' }));
        await visible(note);
        const text = (await note.textContent())?.replace(/\s+/g, ' ') ?? '';
        expect(text).toContain(`Insured with ${INSURER}, claim number ${CLAIM_NUMBER}: a non-fault claim.`);
        expect(text).toContain('Your excess to pay us: £250.');
        expect(text).not.toContain('waiting');
        expect(await customer.page.locator('.tracker').textContent()).not.toContain('1,840');
        expect(await note.isVisible()).toBe(true);
        const box = await note.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
        expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      },
    );

    await j.step('the admin downloads the insurer pack: a ZIP with the claim, the stage history and the photos list', async () => {
      const downloading = admin.waitForEvent('download');
      await admin.getByRole('link', { name: 'Download the insurer pack' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`insurer-pack-${reference}.zip`);
      const entries = await unzip(await downloadedBytes(download));
      expect([...entries.keys()]).toEqual(expect.arrayContaining(['claim.txt', 'stage-history.csv', 'photos/photos.csv']));
      const claim = entries.get('claim.txt')!.toString('utf8');
      expect(claim).toContain(`Insurer: ${INSURER}`);
      expect(claim).toContain(`Claim number: ${CLAIM_NUMBER}`);
      expect(claim).toContain('Liability: Non-fault');
      expect(claim).toContain('Excess: £250');
      expect(claim).toMatch(/Authority: £1,840 on /);
      const stages = entries.get('stage-history.csv')!.toString('utf8');
      expect(stages).toContain('Awaiting insurer authority');
      expect(stages).toContain('Bodywork');
    });
  });
});
