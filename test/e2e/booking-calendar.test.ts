/**
 * The booking calendar at 390 px: a month at a time, Monday to Sunday; 25 December shown as closed
 * (a bank holiday, closed on a fresh site); picking a day and a time brings the details into view
 * with the first field focused; the home page's next free estimate opens /book on that slot.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { settled } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

/** Whether the element is inside the viewport (some of it at least). */
const inView = (selector: string) =>
  j.page.evaluate((s) => {
    const rect = document.querySelector(s)!.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight;
  }, selector);

describe('the booking calendar', () => {
  test('shows 25 December closed, and a picked time brings the details into view at 390 px', async () => {
    const { page } = j;
    // So that the next 25 December is within reach whatever the day the test runs.
    const api = await j.adminApi();
    const settings = await api.request('GET', '/api/admin/booking-settings');
    expect((await api.request('PUT', '/api/admin/booking-settings', { ...settings.body, horizon_days: 366 })).status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const christmas = `${today.slice(5) > '12-25' ? Number(today.slice(0, 4)) + 1 : today.slice(0, 4)}-12-25`;

    await j.step('the calendar turns to December and shows 25 December as closed', async () => {
      await page.goto(j.url('/book'));
      await settled(page);
      await page.getByRole('button', { name: /^Estimate visit/ }).click();
      await visible(page.getByRole('list', { name: 'Days' }));
      const weekdays = await page.locator('.day-calendar__weekdays span').allTextContents();
      expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
      for (let i = 0; i < 13 && !(await page.getByTestId(`day-${christmas}`).count()); i++) {
        await page.getByRole('button', { name: 'Next month' }).click();
      }
      const day = page.getByTestId(`day-${christmas}`);
      await visible(day);
      expect(await day.isDisabled()).toBe(true);
      expect(await day.getAttribute('data-state')).toBe('closed');
      expect(await day.textContent()).toContain('Closed: Christmas Day');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(describeViolations('/book (calendar)', await seriousViolations(page))).toBe('');
    });

    await j.step('an open day shows its free places; a day and a time bring the details into view, first field focused', async () => {
      // Back to the first month with an open day.
      while (await page.getByRole('button', { name: 'Previous month' }).isEnabled()) {
        await page.getByRole('button', { name: 'Previous month' }).click();
      }
      let open = page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])');
      if (!(await open.count())) await page.getByRole('button', { name: 'Next month' }).click();
      open = page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])');
      const first = open.first();
      expect(await first.textContent()).toMatch(/\d+ free/);
      // The keyboard: focus an open day, the arrow moves to the next open one, Enter picks it.
      await first.focus();
      const second = (await open.count()) > 1 ? await open.nth(1).getAttribute('data-date') : null;
      if (second) {
        await page.keyboard.press('ArrowRight');
        expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date)).toBe(second);
      }
      await page.keyboard.press('Enter');
      const times = page.getByRole('list', { name: 'Times' }).getByRole('button');
      await visible(times.first());
      await times.last().click();
      await visible(page.getByRole('heading', { name: '3. Your details' }));
      expect(await field(page, 'Your name').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await inView('#book-name, input[name="name"]')).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  test("the home page's next free estimate opens /book on that time, the details in view", async () => {
    const { page } = j;
    await page.goto(j.url('/'));
    await settled(page);
    const link = page.getByTestId('next-free').getByRole('link');
    await visible(link);
    const label = ((await link.textContent()) ?? '').trim();
    await link.click();
    await atPath(page, '/book');
    await visible(page.getByRole('heading', { name: '3. Your details' }));
    const time = label.slice(-5);
    expect(await page.locator('.book__summary').first().textContent()).toContain(time);
    expect(await page.getByRole('button', { name: /^Estimate visit/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await field(page, 'Your name').evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
