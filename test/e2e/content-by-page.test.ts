/**
 * Content by page and section: the admin finds "Home: introduction" in the page-ordered
 * content screen, edits it with a shop-detail placeholder and views it on the site at its section;
 * a change of the Saturday hours reaches every place that shows the hours, the home text included;
 * and a site started without demo content shows no empty band, menu item or demo address.
 */
import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { settled, signIn } from './support/flows.ts';
import { ApiClient } from './support/api.ts';
import { atPath, field, visible } from './support/ui.ts';
import { startServer } from './support/server.ts';
import type { Shop } from '#shared/schemas/shop.ts';

const j = useJourney(import.meta.filename);

async function signInAsAdmin(page: Page, baseUrl = j.server.baseUrl, email = j.server.adminEmail, password = j.server.adminPassword) {
  await signIn(page, baseUrl, email, password, '/admin');
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('content by page and section', () => {
  test('edit "Home: introduction" from the page-ordered list, view it on the site; the Saturday hours follow everywhere', async () => {
    const { page } = j;
    await signInAsAdmin(page);
    await page.goto(j.url('/admin/widgets'));
    await visible(page.getByRole('heading', { name: 'Widgets', exact: true }));

    await j.step('the sections are listed page by page, in page order, in human words', async () => {
      const home = page.getByRole('region', { name: 'Home', exact: true });
      await visible(home);
      const titles = await home.locator('.admin-tile__title').allTextContents();
      expect(titles.slice(0, 4)).toEqual([
        'Home: introduction',
        'Home: introduction picture',
        'Home: feature 1 picture',
        'Home: feature 1',
      ]);
      const services = page.getByRole('region', { name: 'Services', exact: true });
      const hiddenCard = services.locator('li', { hasText: 'Services: rust and restoration' }).filter({ hasNotText: 'picture' });
      await visible(hiddenCard.getByText('Not shown on the site'));
      expect(await hiddenCard.getByRole('link', { name: /View on the site/ }).count()).toBe(0);
      await visible(page.getByRole('region', { name: 'Widgets you added' }));
    });

    await j.step('axe: no serious violation on the content screen', async () => {
      await settled(page);
      const violations = await seriousViolations(page);
      expect(describeViolations('/admin/widgets', violations), 'serious or critical axe violations').toBe('');
    });

    await j.step('edit the introduction: fixed name, a telephone placeholder from the menu', async () => {
      await page.getByRole('link', { name: 'Home: introduction', exact: true }).click();
      await atPath(page, /^\/admin\/widgets\/\d+$/);
      await visible(page.getByRole('heading', { name: 'Widget: HomeText1' }));
      await visible(page.getByText('Home: introduction', { exact: false }).first());
      expect(await field(page, 'Name').getAttribute('readonly')).not.toBeNull();
      const editor = page.getByRole('textbox', { name: 'Content' });
      await visible(editor);
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.type('Ring the workshop on ');
      await page.getByRole('combobox', { name: 'Insert shop detail' }).selectOption('telephone');
      await visible(editor.locator('[data-shop-detail="telephone"]', { hasText: 'Telephone' }));
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Changes saved....' }));
    });

    await j.step('"View on the site" opens the home page at the introduction, with the number filled in', async () => {
      await page.getByRole('link', { name: 'View on the site' }).click();
      await atPath(page, '/');
      expect(new URL(page.url()).hash).toBe('#introduction');
      const section = page.locator('#introduction');
      await visible(section.getByText('Ring the workshop on'));
      await visible(section.getByRole('link', { name: '01736 555 014' }));
      await expect.poll(() => section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    });

    await j.step('open on Saturday mornings: the home text, the footer and the contact page all say so', async () => {
      const admin = await j.adminApi();
      const shop = (await admin.get('/api/shop')).body as Shop;
      const saved = await admin.put('/api/shop', {
        ...shop,
        openingHours: { ...shop.openingHours, saturday: [{ opens: '09:00', closes: '12:00' }] },
      });
      expect(saved.status).toBe(200);
      const visitor = await j.newContext();
      await visitor.page.goto(j.url('/'));
      await visible(visitor.page.locator('#closing-text').getByText('Monday to Friday, 9am to 5pm; Saturday, 9am to 12pm; Sunday, closed'));
      expect(await visitor.page.locator('main').textContent()).not.toContain('Saturday and Sunday, closed');
      const footer = visitor.page.locator('footer');
      await visible(footer.locator('dt', { hasText: /^Saturday$/ }));
      expect(await footer.locator('dd').allTextContents()).toContain('9am to 12pm');
      await visitor.page.goto(j.url('/contact'));
      const saturdayRow = visitor.page.getByRole('row', { name: /Saturday/ });
      await visible(saturdayRow.getByText('9am to 12pm'));
    });
  });

  test('a site started without demo content (PostgreSQL when TEST_DATABASE_URL is set) shows no empty band, menu item or demo address', async () => {
    // Its own first start: no template, DEMO_CONTENT off (what a PostgreSQL install starts with).
    const server = await startServer({ appRoot: inject('e2eAppRoot'), env: { DEMO_CONTENT: 'off' } });
    try {
      const { page } = await j.newContext();
      const url = (pathname: string) => new URL(pathname, server.baseUrl).toString();

      await j.step('before the admin sets anything, the shop record is neutral placeholders, not the demo shop', async () => {
        for (const pathname of ['/', '/contact']) {
          await page.goto(url(pathname));
          await settled(page);
          const text = (await page.locator('body').textContent()) ?? '';
          expect(text, pathname).not.toMatch(/Harbourside|Porthaven|Quay Road|TR19|01736 555 014/);
          expect(text, pathname).toContain('Your town');
        }
      });

      await j.step("the admin sets the shop's own details", async () => {
        const admin = new ApiClient(server.baseUrl);
        await admin.login(server.adminEmail, server.adminPassword);
        const shop = (await admin.get('/api/shop')).body as Shop;
        const own = {
          ...shop,
          name: 'Penwith Panels',
          addressLines: ['2 Mill Lane'],
          town: 'Hayle',
          county: 'Cornwall',
          postcode: 'TR27 4AA',
          telephone: '01736 222 333',
          email: 'hello@penwith.test',
          tagline: 'Bodywork in Hayle',
        };
        expect((await admin.put('/api/shop', own)).status).toBe(200);
      });

      await j.step("home: no testimonials band, no Galleries item, the text names the shop's own address", async () => {
        await page.goto(url('/'));
        await visible(page.locator('#closing-text').getByText('2 Mill Lane, Hayle, Cornwall, TR27 4AA'));
        expect(await page.getByRole('heading', { name: 'What our customers say' }).count()).toBe(0);
        await visible(mainMenu(page).getByRole('link', { name: 'Services' }));
        expect(await mainMenu(page).getByRole('link', { name: 'Galleries' }).count()).toBe(0);
      });

      await j.step("no page names the demo shop's address, number or e-mail", async () => {
        for (const pathname of ['/', '/about', '/services', '/contact', '/legal/terms', '/legal/privacy', '/galleries']) {
          await page.goto(url(pathname));
          await settled(page);
          const text = (await page.locator('body').textContent()) ?? '';
          expect(text, pathname).not.toMatch(/Harbourside|Porthaven|Quay Road|TR19|01736 555 014/);
        }
      });

      await j.step('about: no workshop slider; galleries: a short note instead of a blank page', async () => {
        await page.goto(url('/about'));
        await visible(page.getByRole('heading', { name: 'About Us' }));
        expect(await page.getByRole('heading', { name: 'From the workshop' }).count()).toBe(0);
        await page.goto(url('/galleries'));
        await visible(page.getByText('There are no photos to show yet.'));
      });
    } finally {
      await server.stop();
    }
  });
});
