/**
 * Admin journey, history and drafts: the admin edits the home text, it is kept as a
 * draft the public does not see, previews it on the real home page (the admin only), publishes it,
 * then restores the previous version from History and the home page follows; a long history pages
 * with Show older; then schedules a revert and cancels it from the dashboard.
 */
import { describe, test } from 'vitest';
import { useJourney } from './support/journey.ts';
import { signIn } from './support/flows.ts';
import { hidden, typeInto, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

describe('admin: history and drafts', () => {
  test('edit the home text as a draft, preview it, publish it, restore the previous version', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');

    // The published text's first words, as the page shows them.
    const html = (await j.api().get('/api/widgets/HomeText1')).body.html as string;
    const words = html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .split(/\s+/)
      .filter(Boolean);
    const original = words.slice(0, 3).join(' ');
    await j.step('the home page shows the published text', async () => {
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.locator('main').getByText(original).first());
    });

    await j.step('edit HomeText1: autosaved as a draft', async () => {
      await page.goto(j.url('/'));
      await page.getByRole('link', { name: 'Edit widget HomeText1' }).click();
      await visible(page.getByRole('heading', { name: 'Widget: HomeText1' }));
      await typeInto(page, page.getByRole('textbox', { name: 'Content' }), 'Closed for the holidays from 20 December.');
      await visible(page.getByRole('status').filter({ hasText: /^Draft saved at / }));
    });

    await j.step('the public home page does not show the draft', async () => {
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.locator('main').getByText(original).first());
      if ((await visitor.page.getByText('Closed for the holidays').count()) !== 0) throw new Error('the draft is public');
    });

    await j.step('Preview opens the real home page with the draft, for this admin only', async () => {
      const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /^Preview/ }).click()]);
      await preview.waitForLoadState();
      if (!new URL(preview.url()).search.includes('preview=drafts')) throw new Error(`the preview opened ${preview.url()}`);
      await visible(preview.getByRole('complementary', { name: 'Preview' }).getByText('This page shows your drafts'));
      await visible(preview.locator('main').getByText('Closed for the holidays from 20 December.'));
      const robots = await preview.locator('meta[name="robots"]').getAttribute('content');
      if (robots !== 'noindex') throw new Error(`the preview is indexable (robots: ${robots})`);
      const answer = await page.request.get(j.url('/?preview=drafts'));
      if (answer.headers()['cache-control'] !== 'private, no-store')
        throw new Error(`preview cache-control: ${answer.headers()['cache-control']}`);
      if (answer.headers()['x-robots-tag'] !== 'noindex') throw new Error('the preview has no X-Robots-Tag: noindex');
      await preview.close();

      // A visitor, or a crawler, asking for the same address gets the published page.
      await visitor.page.goto(j.url('/?preview=drafts'));
      await visible(visitor.page.locator('main').getByText(original).first());
      if ((await visitor.page.getByText('Closed for the holidays').count()) !== 0) throw new Error('a visitor saw the draft');
      if ((await visitor.page.locator('.preview-banner').count()) !== 0) throw new Error('a visitor saw the preview banner');
    });

    await j.step('reopening the editor picks up the draft; Publish draft makes it live', async () => {
      await page.reload();
      await visible(page.getByRole('status').filter({ hasText: /^You are editing a draft saved at / }));
      await visible(page.getByRole('textbox', { name: 'Content' }).getByText('Closed for the holidays from 20 December.'));
      await page.getByRole('button', { name: 'Publish draft' }).click();
      await hidden(page.getByRole('button', { name: 'Publish draft' }));
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.getByText('Closed for the holidays from 20 December.'));
    });

    await j.step('History: compare the previous version, then restore it', async () => {
      const history = page.getByRole('region', { name: 'History' });
      await visible(history.getByText(/Version 2 \(current\)/));
      await history.getByRole('button', { name: 'Compare version 1' }).click();
      await visible(history.getByRole('table', { name: 'Version 1 compared with the current one' }));
      await visible(history.locator('ins', { hasText: 'holidays' }));
      await history.getByRole('button', { name: 'Restore version 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Version 1 restored as version 3.' }));
    });

    await j.step('the home page follows the restore', async () => {
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.locator('main').getByText(original).first());
      if ((await visitor.page.getByText('Closed for the holidays').count()) !== 0)
        throw new Error('the restore did not reach the home page');
    });

    await j.step('a long history comes a page at a time: Show older, from the keyboard, loads the next', async () => {
      const admin = await j.adminApi();
      const widget = (await admin.expect('GET', '/api/widgets/HomeText1', [200])).body as { id: number; html: string };
      // 3 versions so far; 50 more saves make 53, more than the first page's 50.
      for (let i = 0; i < 50; i++) await admin.expect('POST', `/api/widgets/${widget.id}`, [200], { html: `${widget.html}<p>${i}</p>` });
      await page.reload();
      const history = page.getByRole('region', { name: 'History' });
      await visible(history.getByText(/Version 53 \(current\)/));
      if ((await history.getByText(/^Version 3$/).count()) !== 0) throw new Error('the first page went past 50 versions');
      const older = history.getByRole('button', { name: 'Show older versions' });
      await older.focus();
      await page.keyboard.press('Enter');
      await visible(history.getByText('Version 1', { exact: true }));
      await hidden(older);
      await history.getByRole('button', { name: 'Compare version 1', exact: true }).click();
      await visible(history.getByRole('table', { name: 'Version 1 compared with the current one' }));
    });

    await j.step('Schedule…: a revert tomorrow at 09:00, seen on the dashboard, cancelled there', async () => {
      await page.getByText('Schedule…').click();
      await visible(page.getByRole('combobox', { name: 'What' }));
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await visible(page.getByRole('status').filter({ hasText: /^Scheduled: revert to the previous version on / }));
      await visible(page.getByText('Schedule… (1 scheduled)'));
      await page.goto(j.url('/admin'));
      const panel = page.getByRole('region', { name: /Scheduled changes/ });
      await visible(panel.getByRole('link', { name: 'HomeText1' }));
      await panel.getByRole('button', { name: 'Cancel the change to HomeText1' }).click();
      await page.getByRole('dialog', { name: 'Please Confirm?' }).getByRole('button', { name: 'Confirm' }).click();
      await visible(panel.getByText('Nothing scheduled.'));
    });
  });
});
