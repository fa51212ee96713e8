/**
 * Admin journey, shop details: the admin changes Monday's hours (two ranges) and adds a closure
 * for today at /admin/shop; a refused value is shown beside its field and nothing typed is lost;
 * the footer, the contact page ("Open now"/"Closed, opens …", today's closure note, the hours
 * table) and the JSON-LD of a public page follow. axe on the screen, with and without errors.
 */
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, useJourney } from './support/journey.ts';
import { settled, shareSession } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, descriptionOf, until, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

/** A date in the shop's time zone (Europe/London), `days` from today, as YYYY-MM-DD. */
function londonDate(days = 0): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + days * 86_400_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function day(page: Page, name: string): Locator {
  return page.getByRole('group', { name, exact: true });
}

async function jsonLdOf(page: Page): Promise<Record<string, any>> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
}

describe('admin: shop details', () => {
  test('the admin changes the opening hours and adds a closure; footer, contact page and JSON-LD follow', async () => {
    const { page } = j;
    const visitor = await j.newContext();
    await shareSession(j.context, await j.adminApi());
    const today = londonDate();

    await j.step('open Shop details from the admin menu; axe', async () => {
      await page.goto(j.url('/admin'));
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shop details' }).click();
      await atPath(page, '/admin/shop');
      // Loaded afresh, so no link is left hovered for axe to judge.
      await page.goto(j.url('/admin/shop'));
      await visible(page.getByRole('heading', { name: 'Shop details' }));
      await visible(day(page, 'Monday'));
      expect(await page.getByLabel(/^Monday opens/).inputValue()).toBe('09:00');
      expect(await day(page, 'Saturday').getByLabel('Closed all day').isChecked()).toBe(true);
      expect(describeViolations('/admin/shop', await seriousViolations(page))).toBe('');
    });

    await j.step('a closing time before the opening time is refused beside it; nothing typed is lost', async () => {
      const monday = day(page, 'Monday');
      await monday.getByLabel('Monday closes').fill('08:00');
      await page.getByRole('button', { name: 'Add a closure' }).click();
      await page.getByLabel('Closure 1 from').fill(today);
      await page.getByLabel('Closure 1 to').fill(londonDate(1));
      await page.getByLabel('Closure 1 note').fill('Stocktake');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const closes = monday.getByLabel('Monday closes');
      await until(
        () => descriptionOf(closes),
        (d) => d.includes('The closing time must be after the opening time.'),
        'the message beside Monday closes',
      );
      expect(await closes.inputValue()).toBe('08:00');
      expect(await page.getByLabel('Closure 1 note').inputValue()).toBe('Stocktake');
      expect(describeViolations('/admin/shop with errors', await seriousViolations(page))).toBe('');
    });

    await j.step('Monday: 8:00 to 12:00 and 13:00 to 18:00; saved', async () => {
      const monday = day(page, 'Monday');
      await monday.getByLabel('Monday opens').fill('08:00');
      await monday.getByLabel('Monday closes').fill('12:00');
      await monday.getByRole('button', { name: 'Add a range on Monday' }).click();
      await monday.getByLabel('Monday opens (range 2)').fill('13:00');
      await monday.getByLabel('Monday closes (range 2)').fill('18:00');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText('Your Changes Have Been Saved'));
      const saved = (await j.api().expect('GET', '/api/shop', [200])).body;
      expect(saved.openingHours.monday).toEqual([
        { opens: '08:00', closes: '12:00' },
        { opens: '13:00', closes: '18:00' },
      ]);
      expect(saved.closures).toEqual([{ from: today, to: londonDate(1), note: 'Stocktake' }]);
    });

    await j.step('the footer and the JSON-LD of the home page follow', async () => {
      await visitor.page.goto(j.url('/'));
      const footer = visitor.page.locator('footer');
      await visible(footer.getByText('8am to 12pm, 1pm to 6pm'));
      const data = await jsonLdOf(visitor.page);
      expect(data.openingHoursSpecification).toEqual(
        expect.arrayContaining([
          { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday'], opens: '08:00', closes: '12:00' },
          { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday'], opens: '13:00', closes: '18:00' },
        ]),
      );
      expect(data.specialOpeningHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', validFrom: today, validThrough: londonDate(1), description: 'Stocktake' },
      ]);
    });

    await j.step("the contact page: the hours table, today's closure and when it opens next", async () => {
      await visitor.page.goto(j.url('/contact'));
      await settled(visitor.page);
      const hours = visitor.page.getByRole('table', { name: 'Opening times' });
      await visible(hours.getByRole('row', { name: 'Monday 8am to 12pm, 1pm to 6pm' }));
      await visible(visitor.page.getByText('Today: Stocktake'));
      await visible(visitor.page.getByText(/^Closed, opens .+ at \d{1,2}(?::\d{2})?[ap]m$/));
      await visible(visitor.page.locator('.contact__closure').filter({ hasText: 'Stocktake' }));
      expect(await visitor.page.title()).toBe('Contact | Harbourside Body & Paint');
    });
  });

  test('the screen on a 390 px phone: fits, and axe finds nothing serious', async () => {
    const phone = await j.newContext({ viewport: PHONE });
    await shareSession(phone.context, await j.adminApi());
    await phone.page.goto(j.url('/admin/shop'));
    await visible(phone.page.getByRole('heading', { name: 'Shop details' }));
    await visible(day(phone.page, 'Sunday'));
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(describeViolations('/admin/shop (phone)', await seriousViolations(phone.page))).toBe('');
  });
});
