/**
 * The activity log and the bin, end to end: the admin deletes a testimonial, finds it
 * in the bin, restores it and sees it back in the home carousel; filters the activity log to the
 * restore and downloads the CSV of the filtered entries. axe on both screens, at desktop width and
 * at 390 px.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, downloadedBytes, useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { signIn } from './support/flows.ts';
import { atPath, field, hidden, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);
const NAME = 'Tamsin P., Fowey';

function reviewsCarousel(page: Page): Locator {
  return page.getByRole('region', { name: 'Customer reviews' });
}

describe('activity log and bin', () => {
  test('delete a testimonial, restore it from the bin, see it in the carousel; filter the log and download the CSV', async () => {
    const { page } = j;
    const failures: string[] = [];
    const axe = async (p: Page, label: string) => {
      const violations = await seriousViolations(p);
      if (violations.length) failures.push(describeViolations(label, violations));
    };
    const api = await j.adminApi();
    const created = await api.post('/api/testimonials', { name: NAME, score: 5, review: '<p>Good as new after the bump.</p>' });
    expect(created.status).toBe(201);
    const visitor = await j.newContext();

    await j.step('the admin deletes the testimonial through the confirmation dialog', async () => {
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await page.goto(j.url('/admin/testimonials'));
      await visible(page.getByRole('heading', { name: NAME }));
      await page.getByRole('button', { name: `Delete testimonial by ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Please Confirm?' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await hidden(page.getByRole('heading', { name: NAME }));
      await visitor.page.goto(j.url('/'));
      await visible(reviewsCarousel(visitor.page));
      expect(await reviewsCarousel(visitor.page).getByText(NAME).count()).toBe(0);
    });

    await j.step('the bin lists it with who deleted it; Restore brings it back', async () => {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bin' }).click();
      await atPath(page, '/admin/bin');
      await visible(page.getByRole('heading', { name: 'Bin', exact: true }));
      // A row of the bin's card table, named by its row header.
      const item = page
        .getByRole('region', { name: 'Bin' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: `Testimonial: ${NAME}` }) });
      await visible(item);
      await visible(item.getByRole('cell').filter({ hasText: / by / }));
      await axe(page, '/admin/bin');
      await item.getByRole('button', { name: `Restore testimonial “${NAME}”` }).click();
      await visible(page.getByRole('status').filter({ hasText: `The testimonial “${NAME}” was restored.` }));
      await hidden(page.getByRole('rowheader', { name: `Testimonial: ${NAME}` }));
    });

    await j.step('the restored testimonial is in the home carousel again', async () => {
      await visitor.page.goto(j.url('/'));
      const carousel = reviewsCarousel(visitor.page);
      await visible(carousel);
      await until(
        () => carousel.getByText(NAME).count(),
        (n) => n > 0,
        'the restored testimonial in the carousel',
      );
    });

    await j.step('the activity log, filtered to restores, shows the restore; the CSV holds the same', async () => {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity log' }).click();
      await atPath(page, '/admin/activity');
      await visible(page.getByRole('heading', { name: 'Activity log' }));
      const log = page.getByRole('region', { name: 'Activity log' });
      await visible(log.getByText(`Content deleted (moved to the bin): testimonial “${NAME}”`));
      await field(page, 'Kind').selectOption({ label: 'Restored from the bin' });
      await visible(page.getByText('1 entry'));
      const row = log.getByRole('row').filter({ hasText: `Restored from the bin: testimonial “${NAME}”` });
      await visible(row);
      expect(await log.getByRole('row').count()).toBe(2);
      await axe(page, '/admin/activity (filtered)');

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await downloadedBytes(download)).toString('utf8').trim().split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`Restored from the bin: testimonial “${NAME}”`);
      expect(lines[1]).toContain(j.server.adminEmail);
    });

    await j.step('both screens at 390 px', async () => {
      const phone = await j.newContext({ viewport: PHONE });
      await signIn(phone.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      for (const path of ['/admin/activity', '/admin/bin']) {
        await phone.page.goto(j.url(path));
        await visible(phone.page.getByRole('heading', { name: path === '/admin/bin' ? 'Bin' : 'Activity log', exact: true }));
        const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} fits 390 px`).toBeLessThanOrEqual(0);
        await axe(phone.page, `${path} at 390 px`);
      }
    });

    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
