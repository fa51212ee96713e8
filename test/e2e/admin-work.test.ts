/**
 * The admin's work, end to end: a customer sends a quote request; the admin signs in and
 * lands on the dashboard, which greets them by first name and lists the new request; they open it
 * (received time, call and mail links), a bad price is refused beside its field, then they send a
 * price and a message; the customer receives the mail and, signed in, reads the answer in
 * /account/quotes. At 390 px the admin menu is a drawer (Menu, aria-expanded, focus moves in,
 * Escape closes and gives focus back) and Log out goes to the home page. axe on the dashboard and
 * the quote detail at 390 px and on a desktop.
 */
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { settled, shareSession, signIn } from './support/flows.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { atPath, field, hidden, until, visible } from './support/ui.ts';
import { waitForMail } from './support/mail.ts';

const j = useJourney(import.meta.filename, { viewport: DESKTOP });

describe('the admin’s work', () => {
  test('a new quote request on the dashboard, answered with a price the customer reads; the phone drawer and Log out', async () => {
    const failures: string[] = [];
    const axe = async (page: typeof j.page, label: string) => {
      const violations = await seriousViolations(page);
      if (violations.length) failures.push(describeViolations(label, violations));
    };

    const customer = await createUser(await j.adminApi(), { firstname: 'Morwenna', lastname: 'Tregear' });
    const customerApi = j.api();
    await customerApi.login(customer.email, customer.password);
    const quote = (
      await customerApi.expect('POST', '/api/quote-requests', [201], {
        name: 'Morwenna Tregear',
        email: customer.email,
        telephone: '07700 900456',
        vehicle: 'Skoda Octavia estate',
        description: 'Long scrape along the passenger side from a gatepost, both doors.',
        preferred_contact: 'phone',
        consent: '1',
      })
    ).body as { id: number; reference: string };

    const { page } = j;
    await j.step('the admin signs in and lands on the dashboard, greeted by first name, with the new request', async () => {
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      await visible(page.getByText('Welcome, Site.'));
      const panel = page.getByRole('region', { name: /New quote requests/ });
      await visible(panel.getByRole('link', { name: 'Morwenna Tregear: Skoda Octavia estate' }));
      await visible(page.getByRole('region', { name: /Bookings today and tomorrow/ }).getByText('No bookings today.'));
      await visible(page.getByRole('region', { name: /Site/ }).getByRole('link', { name: /Users/ }));
      // The bar of every admin screen: who is signed in, the website, Log out.
      const bar = page.getByRole('banner');
      await visible(bar.getByText('Site Admin'));
      await visible(bar.getByRole('link', { name: 'View the website' }));
      await visible(bar.getByRole('button', { name: 'Log out' }));
      await axe(page, '/admin (desktop)');
    });

    await j.step('the request opens from the dashboard: the time it came, a call link and a mail link', async () => {
      await page
        .getByRole('region', { name: /New quote requests/ })
        .getByRole('link', { name: /Morwenna Tregear/ })
        .click();
      await atPath(page, `/admin/quotes/${quote.id}`);
      await visible(page.getByRole('heading', { name: `Quote request ${quote.reference}` }));
      expect(await page.locator('time').first().textContent()).toMatch(/\d{1,2} \w+ \d{4}, \d{2}:\d{2}/);
      expect(await page.getByRole('link', { name: '07700 900456', exact: true }).getAttribute('href')).toBe('tel:07700900456');
      expect(await page.getByRole('link', { name: 'Call Morwenna Tregear on 07700 900456' }).getAttribute('href')).toBe('tel:07700900456');
      expect(await page.getByRole('link', { name: customer.email, exact: true }).getAttribute('href')).toMatch(/^mailto:/);
      await axe(page, `/admin/quotes/${quote.id} (desktop)`);
    });

    await j.step('a price that is not an amount is refused beside its field; then the answer goes', async () => {
      await field(page, 'Price (£)').fill('about four hundred');
      await field(page, 'Message to the customer').fill('Both doors repaired and resprayed.\n\nWe can start next Monday.');
      await page.getByRole('button', { name: 'Send to the customer' }).click();
      await visible(page.getByText('The price field must be an amount in pounds, such as 420 or 420.50.'));
      expect(await field(page, 'Price (£)').getAttribute('aria-invalid')).toBe('true');
      await field(page, 'Price (£)').fill('1250.50');
      await page.getByRole('button', { name: 'Send to the customer' }).click();
      await visible(page.getByText(`Sent to ${customer.email}.`));
      await visible(page.getByRole('list', { name: 'Answers sent' }).getByText('£1,250.50'));
      // A new request becomes quoted with its answer.
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('quoted');
    });

    await j.step('the customer receives the answer by e-mail', async () => {
      const mail = await waitForMail(j.server.dataDir, customer.email, { subject: /Your quote/ });
      expect(mail.subject).toContain(quote.reference);
      expect(mail.subject).toContain('£1,250.50');
      expect(mail.text).toContain('We can start next Monday.');
    });

    await j.step('the customer, signed in, reads the answer in My quote requests', async () => {
      const { context, page: customerPage } = await j.newContext();
      await shareSession(context, customerApi);
      await customerPage.goto(j.url('/account/quotes'));
      await visible(customerPage.getByRole('heading', { name: 'My quote requests' }));
      const answer = customerPage.getByRole('article', { name: `Answers to ${quote.reference}` });
      await visible(answer.getByText('£1,250.50'));
      await visible(answer.getByText('We can start next Monday.', { exact: false }));
      await visible(customerPage.getByTestId(`quote-status-${quote.reference}`).getByText('Quoted'));
    });

    await j.step('at 390 px the admin menu is a drawer: Menu opens it, focus moves in, Escape closes it', async () => {
      const phone = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      await shareSession(phone.context, await j.adminApi());
      const p = phone.page;
      await p.goto(j.url('/admin'));
      await visible(p.getByRole('heading', { name: 'Dashboard', level: 1 }));
      await settled(p);
      const menuButton = p.getByRole('button', { name: 'Menu', exact: true });
      const drawer = p.getByRole('navigation', { name: 'Admin' });
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      await hidden(drawer);
      // The bar is one line at 390 px.
      const barHeight = await p.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height);
      expect(barHeight).toBeLessThan(70);
      await axe(p, '/admin (390 px)');

      await menuButton.click();
      await visible(drawer);
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await until(
        () => p.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label') ?? ''),
        (label) => label === 'Admin',
        'focus in the drawer',
      );
      await p.keyboard.press('Escape');
      await hidden(drawer);
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await menuButton.click();
      await drawer.getByRole('link', { name: /Quote requests/ }).click();
      await atPath(p, '/admin/quotes');
      await hidden(drawer);
      await p.goto(j.url(`/admin/quotes/${quote.id}`));
      await visible(p.getByRole('heading', { name: `Quote request ${quote.reference}` }));
      await axe(p, `/admin/quotes/${quote.id} (390 px)`);
    });

    await j.step('the site’s header offers Admin to an admin, once the session is known', async () => {
      await page.goto(j.url('/'));
      const mainMenu = page.getByRole('navigation', { name: 'Main' });
      await visible(mainMenu.getByRole('link', { name: 'Admin', exact: true }));
      await mainMenu.getByRole('link', { name: 'Admin', exact: true }).click();
      await atPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    });

    await j.step('Log out ends the session and goes to the home page', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
      await atPath(page, '/');
      await page.goto(j.url('/admin'));
      await atPath(page, '/login');
    });

    expect(failures.join('\n'), 'serious or critical axe violations').toBe('');
  });
});
