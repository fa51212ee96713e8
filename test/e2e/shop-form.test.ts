/**
 * The shop form: the admin picks the time zone and the country from lists, moves the
 * map pin by dragging it and with the arrow keys (the tiles cannot load here: the pin works on the
 * grey background), copies Monday's hours to the weekdays, sees the save bar stay in view, is
 * warned before leaving with unsaved changes, and saves. On a site without demo content the
 * dashboard's first-run checklist ticks "Set the shop's details" once they are saved and can be
 * dismissed for good. axe on a desktop and at 390 px.
 */
import { inject } from 'vitest';
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useJourney } from './support/journey.ts';
import { shareSession } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, until, visible, hidden } from './support/ui.ts';
import { ApiClient } from './support/api.ts';
import { startServer, type RunningServer } from './support/server.ts';

const j = useJourney(import.meta.filename);

const PIN = 'Shop position: drag it, or use the arrow keys';

/** The Latitude or Longitude field (its label also has the required mark). */
const coordinate = (page: Page, label: 'Latitude' | 'Longitude') => page.getByLabel(new RegExp(`^${label}`));
const numberIn = async (page: Page, label: 'Latitude' | 'Longitude') => Number(await coordinate(page, label).inputValue());

/** Whether the element's box is wholly inside the window as it is scrolled now. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

describe('admin: the shop form', () => {
  test('lists, the pin, copy Monday, the save bar, the warning before leaving, and the save', async () => {
    const { page } = j;
    await shareSession(j.context, await j.adminApi());

    await j.step('open the form: sections listed, the map tiles allowed on admin pages only; axe', async () => {
      const answer = await page.goto(j.url('/admin/shop'));
      expect(answer?.headers()['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
      const publicPage = await fetch(j.url('/'));
      expect(publicPage.headers.get('content-security-policy')).toMatch(/img-src /);
      expect(publicPage.headers.get('content-security-policy')).not.toContain('tile.openstreetmap.org');
      await visible(page.getByRole('heading', { name: 'Shop details' }));
      const sections = page.getByRole('navigation', { name: 'Sections of the form' });
      await visible(sections.getByRole('link', { name: 'Opening hours' }));
      await visible(page.getByRole('button', { name: PIN }));
      await visible(page.getByText('No unsaved changes.'));
      expect(describeViolations('/admin/shop', await seriousViolations(page))).toBe('');
    });

    await j.step('the time zone and the country from lists, Europe/London first', async () => {
      const timeZone = page.getByLabel('Time zone');
      expect(await timeZone.locator('option').first().getAttribute('value')).toBe('Europe/London');
      expect(await timeZone.inputValue()).toBe('Europe/London');
      await timeZone.selectOption('Europe/Dublin');
      const country = page.getByLabel(/^Country/);
      expect(await country.inputValue()).toBe('GB');
      await country.selectOption({ label: 'Ireland' });
      expect(await country.inputValue()).toBe('IE');
      await visible(page.getByText('You have unsaved changes.'));
    });

    const before = { latitude: await numberIn(page, 'Latitude'), longitude: await numberIn(page, 'Longitude') };
    await j.step('drag the pin east and south: the coordinates follow', async () => {
      const pin = page.getByRole('button', { name: PIN });
      await pin.scrollIntoViewIfNeeded();
      const box = (await pin.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 40, y + 30, { steps: 8 });
      await page.mouse.move(x + 80, y + 60, { steps: 8 });
      await page.mouse.up();
      await until(
        () => numberIn(page, 'Longitude'),
        (longitude) => longitude > before.longitude,
        'the longitude after the drag',
      );
      expect(await numberIn(page, 'Latitude')).toBeLessThan(before.latitude);
    });

    await j.step('the arrow keys on the focused pin move it north; the position is announced', async () => {
      const dragged = await numberIn(page, 'Latitude');
      const pin = page.getByRole('button', { name: PIN });
      await pin.focus();
      await page.keyboard.press('ArrowUp');
      await until(
        () => numberIn(page, 'Latitude'),
        (latitude) => latitude > dragged,
        'the latitude after ArrowUp',
      );
      const latitude = await numberIn(page, 'Latitude');
      await visible(page.getByText(`Pin at ${latitude.toFixed(5)},`));
    });

    await j.step('the numbers are behind "Enter the coordinates"', async () => {
      await hidden(coordinate(page, 'Latitude'));
      await page.getByText('Enter the coordinates').click();
      await visible(coordinate(page, 'Latitude'));
    });

    await j.step('the postcode search says it is not set up on this site', async () => {
      await page.getByRole('button', { name: 'Find the postcode on the map' }).click();
      await visible(page.getByText(/Finding places from the postcode is not set up on this site/));
    });

    await j.step('Monday from 08:30, copied to Tuesday to Friday', async () => {
      await page.getByLabel('Monday opens').fill('08:30');
      await page.getByRole('button', { name: "Copy Monday's hours to the weekdays" }).click();
      await visible(page.getByText("Monday's hours are copied to Tuesday to Friday."));
      for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
        expect(await page.getByLabel(`${day} opens`).inputValue()).toBe('08:30');
      }
      expect(await page.getByRole('group', { name: 'Saturday', exact: true }).getByLabel('Closed all day').isChecked()).toBe(true);
    });

    await j.step('the save bar stays in view at the top of the form and at its end', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await inView(page, '.shop-form__save-bar')).toBe(true);
      await page.getByRole('group', { name: 'Trust signals' }).scrollIntoViewIfNeeded();
      expect(await inView(page, '.shop-form__save-bar')).toBe(true);
      await visible(page.getByText('You have unsaved changes.'));
    });

    await j.step('leaving with unsaved changes: asked first; staying keeps every value', async () => {
      // Closing or reloading the tab: the page asks the browser to confirm.
      const prevented = await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(prevented).toBe(true);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await visible(dialog);
      expect(describeViolations('/admin/shop, leave dialog', await seriousViolations(page))).toBe('');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await hidden(dialog);
      await atPath(page, '/admin/shop');
      expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Dublin');
      expect(await page.getByLabel('Friday opens').inputValue()).toBe('08:30');
    });

    await j.step('save: the record has the lists, the pin and the hours; leaving no longer asks', async () => {
      const latitude = await numberIn(page, 'Latitude');
      const longitude = await numberIn(page, 'Longitude');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText('Your Changes Have Been Saved'));
      await visible(page.getByText('No unsaved changes.'));
      const saved = (await j.api().expect('GET', '/api/shop', [200])).body;
      expect(saved).toMatchObject({ timeZone: 'Europe/Dublin', country: 'IE', latitude, longitude });
      expect(longitude).not.toBe(before.longitude);
      for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
        expect(saved.openingHours[day]).toEqual([{ opens: '08:30', closes: '17:00' }]);
      }
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
      await atPath(page, /^\/admin\/?$/);
      await visible(page.getByRole('heading', { name: 'Dashboard' }));
    });
  });

  test('the form at 390 px: fits, the save bar in view, axe finds nothing serious', async () => {
    const phone = await j.newContext({ viewport: PHONE });
    await shareSession(phone.context, await j.adminApi());
    await phone.page.goto(j.url('/admin/shop'));
    await visible(phone.page.getByRole('heading', { name: 'Shop details' }));
    await visible(phone.page.getByRole('button', { name: PIN }));
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await inView(phone.page, '.shop-form__save-bar')).toBe(true);
    await phone.page.getByRole('group', { name: 'Opening hours' }).scrollIntoViewIfNeeded();
    expect(await inView(phone.page, '.shop-form__save-bar')).toBe(true);
    expect(describeViolations('/admin/shop (phone)', await seriousViolations(phone.page))).toBe('');
  });
});

describe('admin: the first-run checklist on a site without demo content', () => {
  let site: RunningServer | undefined;
  afterAll(async () => {
    await site?.stop();
  });

  test('ticks "Set the shop\'s details" once they are saved, and stays hidden once dismissed', async () => {
    site = await startServer({ appRoot: inject('e2eAppRoot'), env: { DEMO_CONTENT: 'off' } });
    const { context, page } = await j.newContext();
    const api = new ApiClient(site.baseUrl);
    await api.login(site.adminEmail, site.adminPassword);
    await shareSession(context, api);
    const url = (pathname: string) => new URL(pathname, site!.baseUrl).toString();
    const step = (name: string) => page.getByRole('region', { name: 'Getting started' }).getByRole('listitem').filter({ hasText: name });

    await j.step('the dashboard: nothing done yet; axe', async () => {
      await page.goto(url('/admin'));
      await visible(page.getByRole('heading', { name: 'Getting started' }));
      await visible(page.getByText('0 of 4 done.'));
      for (const name of ["Set the shop's details", 'Replace the starter text', 'Add photos', 'Add the first testimonial']) {
        expect(await step(name).textContent()).toContain('To do:');
      }
      expect(describeViolations('/admin with the checklist', await seriousViolations(page))).toBe('');
    });

    await j.step('from the checklist to the shop form; saved', async () => {
      await step("Set the shop's details").getByRole('link').click();
      await atPath(page, '/admin/shop');
      await page.getByLabel('Tagline').fill('Proper repairs on the harbour');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText('Your Changes Have Been Saved'));
    });

    await j.step('back on the dashboard the step is ticked', async () => {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
      await atPath(page, /^\/admin\/?$/);
      await visible(page.getByText('1 of 4 done.'));
      expect(await step("Set the shop's details").textContent()).toContain('Done:');
      expect(await step('Add photos').textContent()).toContain('To do:');
    });

    await j.step('dismissed: gone, and still gone after a reload', async () => {
      await page.getByRole('button', { name: 'Hide this checklist' }).click();
      await hidden(page.getByRole('heading', { name: 'Getting started' }));
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Dashboard' }));
      await visible(page.getByRole('navigation', { name: 'Admin' }));
      expect(await page.getByRole('heading', { name: 'Getting started' }).count()).toBe(0);
      expect((await api.request('GET', '/api/shop/checklist')).body.dismissed).toBe(true);
    });
  });
});
