/**
 * Staff invitations in the browser at 390 px (docs/decisions/staff-roles.md, "Invitations"): the
 * owner invites an estimator from the Users screen, the invitation e-mail arrives, the invitee
 * opens its link, reads who invited them as what, sets a password, is offered a passkey and lands
 * on their first screen with "Not now"; a revoked link shows its message. axe on the accept screen.
 * (A passkey instead of the password needs a domain: that journey is in passkeys.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useJourney } from './support/journey.ts';
import { uniqueEmail } from './support/api.ts';
import { settled, signIn } from './support/flows.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, field, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);
const PASSWORD = 'a long estimator password';

async function phoneWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('staff invitations at 390 px', () => {
  test('the owner invites an estimator, who accepts by the e-mailed link and lands on their screen; a revoked link says so', async () => {
    const email = uniqueEmail('invited-estimator');
    const { page: owner } = await j.newContext({ viewport: PHONE });

    await j.step('the owner sends the invitation from the Users screen', async () => {
      await signIn(owner, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await owner.goto(j.url('/admin/users'));
      const form = owner.getByRole('region', { name: 'Invite staff' });
      await visible(form);
      await field(form, 'E-mail').fill(email);
      await field(form, 'Name').fill('Tamsin Hocking');
      await field(form, 'Staff role').selectOption('estimator');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await visible(form.getByRole('status').filter({ hasText: `Invitation sent to ${email} as estimator` }));
      await visible(owner.getByRole('region', { name: 'Pending invitations' }).getByText(email));
      expect(await phoneWidth(owner)).toBeLessThanOrEqual(PHONE.width);
    });

    const mail = await waitForMail(j.server.dataDir, email, { subject: /invited/ });
    const link = linkIn(mail, /^\/accept-invitation\//);
    const { page: invitee } = await j.newContext({ viewport: PHONE });

    await j.step('the invitee opens the link: who invited them as what; axe finds nothing serious', async () => {
      await invitee.goto(link);
      await visible(invitee.getByRole('heading', { name: 'Join the team' }));
      await visible(invitee.getByText('an estimator'));
      await visible(invitee.getByText(email));
      await settled(invitee);
      const violations = await seriousViolations(invitee);
      expect(describeViolations('/accept-invitation/…', violations)).toBe('');
      expect(await phoneWidth(invitee)).toBeLessThanOrEqual(PHONE.width);
    });

    await j.step('sets a password, is offered a passkey, and "Not now" lands on the dashboard', async () => {
      await field(invitee, 'Password').fill(PASSWORD);
      await field(invitee, 'Confirm password').fill(PASSWORD);
      await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
      await visible(invitee.getByRole('heading', { name: 'Welcome to the team' }));
      await visible(invitee.getByRole('heading', { name: 'Add a passkey' }));
      await invitee.getByRole('link', { name: 'Not now' }).click();
      await atPath(invitee, '/admin');
      await visible(invitee.getByRole('heading', { name: 'Dashboard' }));
    });

    await j.step('the used link now says so', async () => {
      await invitee.goto(link);
      await visible(invitee.getByText(/already been used/));
    });

    const second = uniqueEmail('revoked-invitee');
    await j.step('the owner revokes another invitation (after confirming)', async () => {
      const admin = await j.adminApi();
      await admin.expect('POST', '/api/users/invitations', [201], { email: second, name: 'Jago Trewin', staff_role: 'editor' });
      await owner.reload();
      const row = owner.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: second });
      await row.getByRole('button', { name: `Revoke the invitation to ${second}` }).click();
      await owner.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await visible(owner.getByRole('status').filter({ hasText: 'Invitation revoked' }));
    });

    await j.step('the revoked link shows its message', async () => {
      const revoked = linkIn(await waitForMail(j.server.dataDir, second, { subject: /invited/ }), /^\/accept-invitation\//);
      const { page } = await j.newContext({ viewport: PHONE });
      await page.goto(revoked);
      await visible(page.getByRole('heading', { name: 'Join the team' }));
      await visible(page.getByText(/has been withdrawn/));
    });
  });
});
