/**
 * The shop is told, end to end: a guest books the first free time (tomorrow on a working day);
 * the shop's notification arrives at the shop's e-mail with the admin page of the booking and no
 * private link; the admin, on a phone (390 px), finds it first on the dashboard under "Needs you",
 * opens it in one tap, and back on the dashboard it is no longer there. axe on the dashboard at 390 px.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { settled, signIn } from './support/flows.ts';
import { atPath, visible } from './support/ui.ts';
import { waitForMail } from './support/mail.ts';

const j = useJourney(import.meta.filename, { viewport: PHONE });

describe('Needs you', () => {
  test('a guest books; the shop is mailed; the admin at 390 px opens it from Needs you, which clears it', async () => {
    const api = j.api();
    await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const shop = (await api.expect('GET', '/api/shop', [200])).body as { email: string };
    const types = (await api.expect('GET', '/api/booking-types', [200])).body as { data?: { id: number }[] } | { id: number }[];
    const typeId = (Array.isArray(types) ? types : (types.data ?? []))[0]!.id;
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const availability = (await api.expect('GET', `/api/booking-types/${typeId}/availability?from=${today}&to=${until}`, [200])).body as {
      days: { slots: { starts_at: string; free: number }[] }[];
    };
    const slot = availability.days.flatMap((d) => d.slots.filter((s) => s.free > 0))[0]!;
    const before = Date.now();
    const booking = (
      await api.expect('POST', '/api/bookings', [201], {
        booking_type_id: typeId,
        starts_at: slot.starts_at,
        name: 'Wenna Polglase',
        email: `needs-you-${Date.now()}@example.com`,
        telephone: '07700 900321',
        vehicle: 'Ford Transit Custom',
      })
    ).body as { reference: string };

    const adminLink = await j.step("the shop's mail arrives with the booking's admin page", async () => {
      const mail = await waitForMail(j.server.dataDir, shop.email, { subject: /^New booking: /, after: before });
      expect(mail.subject).toBe(`New booking: ${booking.reference}`);
      expect(mail.text).toContain('Wenna Polglase, Ford Transit Custom.');
      expect(mail.links.some((l) => l.includes('/book/manage/'))).toBe(false);
      const link = mail.links.find((l) => /\/admin\/bookings\/\d+$/.test(new URL(l).pathname))!;
      expect(link).toBeTruthy();
      return new URL(link).pathname;
    });

    const { page } = j;
    await j.step('the admin at 390 px sees it first, under Needs you, and opens it in one tap', async () => {
      await signIn(page, j.server.baseUrl, j.server.adminEmail, j.server.adminPassword, '/admin');
      const needsYou = page.getByRole('region', { name: /Needs you/ });
      await visible(needsYou);
      // First on the page: above the checklist and every other panel.
      const top = await needsYou.boundingBox();
      const welcome = await page.getByText(/^Welcome/).boundingBox();
      expect(top && welcome && top.y < welcome.y).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(describeViolations('/admin (phone)', await seriousViolations(page))).toBe('');
      const item = needsYou.getByRole('link', { name: 'Wenna Polglase: Ford Transit Custom' });
      await visible(item);
      // Opening the booking is what clears it: wait for its read, which marks it seen.
      const opened = page.waitForResponse((response) => response.url().includes('bookings.admin.get') && response.ok());
      await item.click();
      await opened;
      await atPath(page, adminLink);
      await settled(page);
    });

    await j.step('back on the dashboard, the booking no longer needs the admin', async () => {
      await page.goto(j.url('/admin'));
      await settled(page);
      await visible(page.getByRole('region', { name: /Needs you/ }));
      await expect.poll(() => page.getByRole('link', { name: 'Wenna Polglase: Ford Transit Custom' }).count()).toBe(0);
    });
  });
});
