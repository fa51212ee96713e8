/**
 * The change cut-off, said before booking: a time already inside it is offered with
 * `changeable_online: false` (the page says "can't be changed online: call us"), and its
 * confirmation mail never quotes a deadline already past. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { testEngine } from '#test/support/database.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays } from '#shared/calendar-date.ts';

let t: TestApp;
let outbox: string;
let estimate: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  estimate = (await t.deps.db.selectFrom('booking_types').select('id').where('name', '=', 'Estimate visit').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

interface Slot {
  starts_at: string;
  time: string;
  free: number;
  changeable_online: boolean;
}

async function freeSlots(): Promise<Slot[]> {
  const from = localMoment(new Date(), 'Europe/London').date;
  const res = await new TestClient(t.app).get(`/api/booking-types/${estimate}/availability`, { query: { from, to: addDays(from, 30) } });
  expect(res.status, res.text).toBe(200);
  return (res.body.days as { slots: Slot[] }[]).flatMap((d) => d.slots.filter((s) => s.free > 0));
}

async function book(slot: Slot, email: string, address: string) {
  const client = new TestClient(t.app);
  await client.csrf();
  return client.post('/api/bookings', {
    json: {
      name: 'Ria Penrose',
      email,
      telephone: '07700 900321',
      vehicle: 'Kia Ceed',
      booking_type_id: estimate,
      starts_at: slot.starts_at,
    },
    headers: { 'x-forwarded-for': address },
  });
}

const setCutoff = (hours: number) =>
  t.deps.db.updateTable('booking_settings').set({ change_cutoff_hours: hours }).where('id', '=', 1).execute();

describe(`the change cut-off before booking (${testEngine})`, () => {
  it('marks the times inside it, and their confirmation says to call instead of quoting a past deadline', async () => {
    // Two weeks: every time offered in the next few days is inside it.
    await setCutoff(336);
    try {
      const slots = await freeSlots();
      const inside = slots.find((s) => Date.parse(s.starts_at) < Date.now() + 300 * 3_600_000)!;
      expect(inside.changeable_online).toBe(false);
      const beyond = slots.find((s) => Date.parse(s.starts_at) > Date.now() + 340 * 3_600_000)!;
      expect(beyond.changeable_online).toBe(true);

      await clearOutbox(outbox);
      const res = await book(inside, 'inside-cutoff@example.com', '10.88.0.1');
      expect(res.status, res.text).toBe(201);
      expect(res.body.can_change).toBe(false);
      const [mail] = await mailsTo(outbox, 'inside-cutoff@example.com');
      expect(mail!.text).toContain("This booking can't be changed online: call us on");
      expect(mail!.text).not.toContain('online until');
      expect(mail!.html).not.toContain('online until');
    } finally {
      await setCutoff(24);
    }
  });

  it('quotes the deadline when it is still ahead', async () => {
    const slot = (await freeSlots()).find((s) => Date.parse(s.starts_at) > Date.now() + 72 * 3_600_000)!;
    expect(slot.changeable_online).toBe(true);
    await clearOutbox(outbox);
    expect((await book(slot, 'beyond-cutoff@example.com', '10.88.0.2')).status).toBe(201);
    const [mail] = await mailsTo(outbox, 'beyond-cutoff@example.com');
    expect(mail!.text).toContain('You can change or cancel it online until');
  });
});
