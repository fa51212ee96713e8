/**
 * Paying a deposit, end to end at 390 px: the shop asks a fixed £25 deposit on the Drop-off type,
 * a guest books it, opens the manage page, presses "Pay the £25 deposit", pays on the local
 * Stripe's hosted page (test/support/stripe-server.ts, which the built site's Stripe SDK talks to
 * through STRIPE_API_URL and which sends the site its signed webhook), comes back and reads that
 * the payment is received; the server owes nothing more.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { settled } from './support/flows.ts';
import { atPath, visible } from './support/ui.ts';
import { uniqueEmail } from './support/api.ts';
import { startFakeStripe } from '#test/support/stripe-server.ts';

const stripe = await startFakeStripe();
const j = useJourney(import.meta.filename, { viewport: PHONE, env: stripe.env });
afterAll(() => stripe.close());

describe('payments', () => {
  test('a guest pays the booking deposit through Stripe Checkout and sees it received', async () => {
    stripe.webhookUrl = j.url('/api/payments/stripe-webhook');
    const admin = await j.adminApi();
    const types = await admin.expect('GET', '/api/admin/booking-types', [200]);
    const dropOff = (types.body.data as { id: number; name: string }[]).find((t) => t.name === 'Drop-off')!;
    await admin.expect('PATCH', `/api/admin/booking-types/${dropOff.id}`, [200], { deposit_kind: 'fixed', deposit_fixed_pence: 2500 });

    const api = j.api();
    await api.expect('GET', '/sanctum/csrf-cookie', [204, 200]);
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const days = await api.expect('GET', `/api/booking-types/${dropOff.id}/availability?from=${from}&to=${to}`, [200]);
    const slot = (days.body.days as { slots: { starts_at: string; free: number }[] }[]).flatMap((d) => d.slots).find((s) => s.free > 0)!;
    const booked = await api.expect('POST', '/api/bookings', [201], {
      booking_type_id: dropOff.id,
      starts_at: slot.starts_at,
      name: 'Morwenna Pascoe',
      email: uniqueEmail('deposit'),
      telephone: '07700 900432',
      vehicle: 'Skoda Octavia',
    });
    const token = String(booked.body.manage_token);
    const { page } = j;

    await j.step('the manage page asks for the deposit', async () => {
      await page.goto(j.url(`/book/manage/${token}`));
      await settled(page);
      await visible(page.getByText('Deposit to pay: £25'));
      await page.getByRole('button', { name: 'Pay the £25 deposit' }).click();
    });

    await j.step("on Stripe's page the guest pays", async () => {
      await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
      await visible(page.getByText('Amount: £25.00'));
      await page.getByRole('button', { name: 'Pay £25.00' }).click();
    });

    await j.step('back on the manage page, the payment is received', async () => {
      await atPath(page, `/book/manage/${token}`);
      await settled(page);
      await visible(page.getByText('Thank you: your payment is received.'));
      expect(await page.getByRole('button', { name: /Pay the/ }).count()).toBe(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
    });

    // Only Stripe's signed webhook marked it paid: the server owes nothing more, and one payment is paid.
    const due = await api.expect('GET', `/api/bookings/manage/${token}/deposit`, [200]);
    expect(due.body).toEqual({ due_pence: 0, online_payments: true });
    const sessions = [...stripe.sessions.values()].filter((s) => s.success_url.includes(token));
    expect(sessions.map((s) => [s.status, s.amount_total])).toEqual([['complete', 2500]]);
  });
});
