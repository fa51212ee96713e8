/**
 * Online booking, end to end: a visitor follows the home page's "Book a visit", picks an
 * estimate visit, a day and a time, gives their details and gets the confirmation page and the
 * e-mail with its .ics; reschedules through the manage link in the e-mail (a new .ics follows); the
 * admin finds it in the week view (badged as new), moves it, and the customer's mail follows; opens
 * a repair job from it, whose page links back to it; a closure added over the booked day lists the
 * booking before it is saved. axe on each screen.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, field, visible } from './support/ui.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { createUser } from './support/api.ts';

const j = useJourney(import.meta.filename);

describe('booking', () => {
  test('a visitor books an estimate visit, gets the mail with the .ics, and reschedules through the manage link', async () => {
    const { page } = j;
    const failures: string[] = [];
    const axe = async (label: string) => {
      const violations = await seriousViolations(page);
      if (violations.length) failures.push(describeViolations(label, violations));
    };
    const email = `booker-${Date.now()}@example.com`;

    await j.step('the home page shows the next free estimate and links to /book', async () => {
      await page.goto(j.url('/'));
      await settled(page);
      await visible(page.getByTestId('next-free'));
      expect(await page.getByTestId('next-free').textContent()).toMatch(/^Next free estimate: [A-Z][a-z]+day .*\d\d:\d\d$/);
      await page.getByRole('link', { name: 'Book a visit' }).first().click();
      await atPath(page, '/book');
      await visible(page.getByRole('heading', { name: 'Book a visit' }));
      await axe('/book');
    });

    const picked = await j.step('type, day and time are picked with the keyboard', async () => {
      const estimate = page.getByRole('button', { name: /^Estimate visit/ });
      await estimate.focus();
      await page.keyboard.press('Enter');
      expect(await estimate.getAttribute('aria-pressed')).toBe('true');
      const days = page.getByRole('list', { name: 'Days' }).getByRole('button');
      await visible(days);
      // The second open day: the first is the next working day, whose early times fall inside the
      // 24-hour change cut-off as the day goes on, and the manage link below must still move it.
      const firstOpen = page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(1);
      const dayName = (await firstOpen.getAttribute('data-day')) ?? '';
      await firstOpen.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('heading', { name: `Pick a time on ${dayName}` }));
      const time = page.getByRole('list', { name: 'Times' }).getByRole('button').nth(2);
      const timeText = ((await time.textContent()) ?? '').trim();
      await time.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('heading', { name: '3. Your details' }));
      await axe('/book (details)');
      return { dayName, timeText };
    });

    await j.step('a missing field is refused beside it; the booking then goes through', async () => {
      await field(page, 'Your name').fill('Morwenna Tregarthen');
      await field(page, 'E-mail address').fill(email);
      await field(page, 'Vehicle (make and model)').fill('Land Rover Defender');
      await page.getByRole('button', { name: 'Book this time' }).click();
      await visible(page.getByText('The telephone field is required.'));
      expect(await field(page, 'Telephone').evaluate((el) => el === document.activeElement)).toBe(true);
      await field(page, 'Telephone').fill('07700 900456');
      await page.getByRole('button', { name: 'Book this time' }).click();
      await visible(page.getByRole('heading', { name: 'You are booked in' }));
      await visible(page.getByText(picked.timeText, { exact: false }));
      expect((await page.locator('.book__reference').textContent()) ?? '').toMatch(/^B-\d{4}-[A-Z2-9]{6}$/);
      await axe('/book (booked)');
    });

    const manageLink = await j.step('the confirmation e-mail has the date, time, address, the .ics and the manage link', async () => {
      const mail = await waitForMail(j.server.dataDir, email, { subject: /is confirmed/ });
      expect(mail.text).toContain(picked.dayName);
      expect(mail.text).toContain(picked.timeText);
      expect(mail.text).toContain('Quay Road');
      const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
      expect(ics?.content).toContain('BEGIN:VEVENT');
      expect(ics?.content).toContain('SUMMARY:Estimate visit');
      return linkIn(mail, /^\/book\/manage\//);
    });

    await j.step('the manage link reschedules the booking at 390 px, and a new .ics is mailed', async () => {
      const phone = await j.newContext({ viewport: PHONE });
      const before = Date.now();
      await phone.page.goto(j.url(new URL(manageLink).pathname));
      await visible(phone.page.getByRole('heading', { name: 'Manage my booking' }));
      await visible(phone.page.getByText(picked.timeText));
      // The shop's number is one tap away from the manage page.
      const call = phone.page.locator('.book__summary').getByRole('link');
      expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      await phone.page.getByRole('button', { name: 'Change the time' }).click();
      const firstOpen = phone.page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').first();
      await visible(firstOpen);
      await firstOpen.click();
      const other = phone.page.getByRole('list', { name: 'Times' }).getByRole('button').nth(5);
      const newTime = ((await other.textContent()) ?? '').trim();
      await other.click();
      await phone.page.getByRole('button', { name: /^Move to / }).click();
      await visible(phone.page.getByText('Your booking has its new time.'));
      await visible(phone.page.getByTestId('booking-when').getByText(newTime, { exact: false }));
      const mail = await waitForMail(j.server.dataDir, email, { subject: /has changed/, after: before });
      expect(mail.text).toContain(newTime);
      expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });

    const admin = await j.newContext();
    /** The shop's date the booking is on now (it moves). */
    const bookedDay = async () => {
      const api = await j.adminApi();
      const from = new Date().toISOString().slice(0, 10);
      const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const list = await api.request('GET', `/api/admin/bookings?from=${from}&to=${to}`);
      const booked = (list.body.data as { email: string; starts_at: string }[]).find((b) => b.email === email)!;
      return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(booked.starts_at));
    };
    await j.step('the admin sees the new booking badged, finds it in the week view and opens it', async () => {
      await signIn(admin.page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      await admin.page.goto(j.url('/admin'));
      const menu = admin.page.getByRole('navigation', { name: 'Admin' });
      await visible(menu.getByTestId('new-bookings-badge'));
      await menu.getByRole('link', { name: /Bookings/ }).click();
      await atPath(admin.page, '/admin/bookings');
      await visible(admin.page.getByRole('heading', { name: 'Bookings', exact: true }));
      const booking = admin.page.getByRole('link', { name: /Morwenna Tregarthen/ });
      // The booking is this week or, from a Friday, next week: the calendar opens on this week.
      const day = await bookedDay();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const sunday = new Date(`${today}T12:00:00Z`);
      sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
      if (day > sunday.toISOString().slice(0, 10)) await admin.page.getByRole('button', { name: 'Next week' }).click();
      await visible(admin.page.getByTestId(`calendar-day-${day}`));
      await visible(booking);
      expect(describeViolations('/admin/bookings', await seriousViolations(admin.page))).toBe('');
      await booking.first().click();
      await atPath(admin.page, /^\/admin\/bookings\/\d+$/);
      await visible(admin.page.getByRole('heading', { name: /^Booking B-/ }));
      expect(describeViolations('/admin/bookings/:id', await seriousViolations(admin.page))).toBe('');
    });

    await j.step('the admin moves it; the customer is mailed the new time with a new .ics', async () => {
      const before = Date.now();
      await admin.page.getByRole('button', { name: 'Move', exact: true }).click();
      const firstOpen = admin.page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').first();
      await visible(firstOpen);
      await firstOpen.click();
      const time = admin.page.getByRole('list', { name: 'Times' }).getByRole('button').nth(10);
      const newTime = ((await time.textContent()) ?? '').trim();
      await time.click();
      await admin.page.getByRole('button', { name: /^Move to / }).click();
      await visible(admin.page.getByText('Moved. The customer has been e-mailed the new time.'));
      await visible(admin.page.getByTestId('admin-booking-when').getByText(newTime, { exact: false }));
      const mail = await waitForMail(j.server.dataDir, email, { subject: /has changed/, after: before });
      expect(mail.text).toContain(newTime);
      expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
    });

    await j.step('the admin opens a repair job from the booking; the job links back to it', async () => {
      const bookingPath = new URL(admin.page.url()).pathname;
      await visible(admin.page.getByRole('heading', { name: 'Open a repair job' }));
      await field(admin.page, 'Agreed work').fill('Respray the nearside doors.');
      await field(admin.page, 'Promised ready on').fill('2026-12-18');
      await admin.page.getByRole('button', { name: 'Open the repair job' }).click();
      await atPath(admin.page, /^\/admin\/repairs\/\d+$/);
      await visible(admin.page.getByRole('heading', { name: /^Repair R-\d{4}-[A-Z2-9]{6}: Land Rover Defender$/ }));
      await visible(admin.page.getByText('Morwenna Tregarthen'));
      await admin.page.getByRole('link', { name: 'The booking it came from' }).click();
      await atPath(admin.page, bookingPath);
      await visible(admin.page.getByRole('heading', { name: /^Booking B-/ }));
    });

    await j.step('a closure added over the booked day lists the booking before saving', async () => {
      const day = await bookedDay();
      await admin.page.goto(j.url('/admin/shop'));
      await visible(admin.page.getByRole('button', { name: 'Add a closure' }));
      await admin.page.getByRole('button', { name: 'Add a closure' }).click();
      await admin.page.getByLabel('Closure 1 from').fill(day);
      await admin.page.getByLabel('Closure 1 to').fill(day);
      const clashes = admin.page.getByTestId('closure-clashes');
      await visible(clashes);
      await visible(clashes.getByText(/Morwenna Tregarthen/));
      await visible(clashes.getByRole('button', { name: 'Cancel these bookings and e-mail the customers' }));
      expect(describeViolations('/admin/shop (clashes)', await seriousViolations(admin.page))).toBe('');
    });

    expect(failures, failures.join('\n')).toEqual([]);
  });

  test('a signed-in customer at 390 px finds the form prefilled and the booking in /account/bookings', async () => {
    const { page } = await j.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const user = await createUser(await j.adminApi(), { firstname: 'Jago', lastname: 'Pascoe' });
    await signIn(page, j.server.baseUrl, user.email, user.password);
    await page.goto(j.url('/book'));
    await page.getByRole('button', { name: /^Drop-off/ }).click();
    await page.getByRole('list', { name: 'Days' }).locator('button:not([disabled])').nth(1).click();
    await page.getByRole('list', { name: 'Times' }).getByRole('button').first().click();
    await visible(page.getByRole('heading', { name: '3. Your details' }));
    expect(await field(page, 'Your name').inputValue()).toBe('Jago Pascoe');
    expect(await field(page, 'E-mail address').inputValue()).toBe(user.email);
    await field(page, 'Telephone').fill('07700 900222');
    await field(page, 'Vehicle (make and model)').fill('Ford Transit');
    expect(describeViolations('/book (phone)', await seriousViolations(page))).toBe('');
    await page.getByRole('button', { name: 'Book this time' }).click();
    await visible(page.getByRole('heading', { name: 'You are booked in' }));
    const reference = ((await page.locator('.book__reference').textContent()) ?? '').trim();
    await page.getByRole('link', { name: 'See your bookings' }).click();
    await atPath(page, '/account/bookings');
    await visible(page.getByRole('heading', { name: 'My bookings' }));
    await visible(page.getByRole('rowheader', { name: reference }));
    expect(describeViolations('/account/bookings (phone)', await seriousViolations(page))).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
