/**
 * What happens to a booking after it is made: the reminder e-mails (the day before, and the morning
 * of an on-site visit), sent once however often the job runs; the account's data export; and
 * account deletion (future bookings cancelled with their places given back, every booking
 * anonymised). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clientAs } from '#test/support/content.ts';
import { FACTORY_PASSWORD } from '#test/support/factories.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { sendDueReminders } from '#server/bookings/booking-reminders.service.ts';
import { addDays, wallClockInstant } from '#shared/calendar-date.ts';
import { bookingRemindersJob } from '#server/jobs/definitions/booking-reminders.ts';
import { jobDefinitions } from '#server/jobs/definitions/index.ts';
import { localMoment } from '#shared/opening-status.ts';

let t: TestApp;
let outbox: string;
let typeIds: { estimate: number; onSite: number };
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  const types = await t.deps.db.selectFrom('booking_types').select(['id', 'asks_location']).orderBy('position').execute();
  typeIds = { estimate: types[0]!.id, onSite: types.find((x) => x.asks_location)!.id };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let n = 0;
const today = () => localMoment(new Date(), 'Europe/London').date;

async function freeSlot(typeId: number, index = 0, client = new TestClient(t.app)) {
  const res = await client.get(`/api/booking-types/${typeId}/availability`, { query: { from: today(), to: addDays(today(), 20) } });
  return (res.body.days as { slots: { starts_at: string; free: number }[] }[]).flatMap((d) => d.slots.filter((s) => s.free > 0))[index]!;
}

async function book(typeId: number, index: number, client?: TestClient, extra: Record<string, unknown> = {}) {
  const c = client ?? new TestClient(t.app);
  await c.csrf();
  const slot = await freeSlot(typeId, index, c);
  n += 1;
  const email = `lifecycle${n}@example.com`;
  const res = await c.post('/api/bookings', {
    json: {
      booking_type_id: typeId,
      starts_at: slot.starts_at,
      name: 'Kit Penhale',
      email,
      telephone: '07700 900789',
      vehicle: 'Boat',
      ...extra,
    },
    headers: { 'x-forwarded-for': `10.25.0.${n}` },
  });
  expect(res.status, res.text).toBe(201);
  // Made well before the reminder moments the tests pick.
  await t.deps.db
    .updateTable('bookings')
    .set({ created_at: new Date('2026-01-01T00:00:00Z') })
    .where('reference', '=', res.body.reference)
    .execute();
  return { ...res.body, email: (extra.email as string | undefined) ?? email } as { reference: string; starts_at: string; email: string };
}

/** A wall-clock moment at the shop, `days` from the booking's day. */
function at(booking: { starts_at: string }, days: number, hhmm: string): Date {
  const day = localMoment(new Date(booking.starts_at), 'Europe/London').date;
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return wallClockInstant(addDays(day, days), h * 60 + m, 'Europe/London')!;
}

async function drained() {
  await t.deps.jobs.drain();
}

describe('reminders', () => {
  it('is a scheduled job in the list', () => {
    expect(jobDefinitions).toContain(bookingRemindersJob);
    expect(bookingRemindersJob.schedule).toEqual({ cron: '*/15 * * * *' });
  });

  it('sends the day-before reminder from 10:00 the day before, once however often it runs', async () => {
    const b = await book(typeIds.estimate, 0);
    expect(await sendDueReminders(t.deps, at(b, -1, '09:45'))).toBe(0);
    expect(await sendDueReminders(t.deps, at(b, -1, '10:15'))).toBe(1);
    // Run again, and twice at once: nothing more.
    expect(await sendDueReminders(t.deps, at(b, -1, '10:30'))).toBe(0);
    expect(
      (await Promise.all([sendDueReminders(t.deps, at(b, -1, '11:00')), sendDueReminders(t.deps, at(b, -1, '11:00'))])).reduce(
        (a, c) => a + c,
      ),
    ).toBe(0);
    await drained();
    const mails = await mailsTo(outbox, b.email);
    const reminders = mails.filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => m.subject)).toEqual([`Reminder: your booking ${b.reference} is tomorrow - Harbourside Body & Paint`]);
    expect(reminders[0]!.text).toContain('we look forward to seeing you tomorrow');
    expect(reminders[0]!.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
    // An estimate visit gets no morning reminder.
    expect(await sendDueReminders(t.deps, at(b, 0, '07:30'))).toBe(0);
  });

  it('sends an on-site visit a second reminder on the morning, and none to a cancelled booking', async () => {
    const b = await book(typeIds.onSite, 0, undefined, { location: 'Porthaven marina, berth C12' });
    expect(await sendDueReminders(t.deps, at(b, -1, '12:00'))).toBe(1);
    expect(await sendDueReminders(t.deps, at(b, 0, '06:30'))).toBe(0);
    expect(await sendDueReminders(t.deps, at(b, 0, '07:30'))).toBe(1);
    expect(await sendDueReminders(t.deps, at(b, 0, '07:45'))).toBe(0);
    await drained();
    // Sent in one drain: in either order.
    const subjects = (await mailsTo(outbox, b.email))
      .map((m) => m.subject)
      .filter((s) => s.startsWith('Reminder'))
      .sort();
    expect(subjects).toEqual([
      `Reminder: your booking ${b.reference} is today - Harbourside Body & Paint`,
      `Reminder: your booking ${b.reference} is tomorrow - Harbourside Body & Paint`,
    ]);

    const cancelled = await book(typeIds.estimate, 3);
    await t.deps.db.updateTable('bookings').set({ status: 'cancelled' }).where('reference', '=', cancelled.reference).execute();
    expect(await sendDueReminders(t.deps, at(cancelled, -1, '12:00'))).toBe(0);
  });
});

describe('the account', () => {
  it("exports the customer's bookings", async () => {
    const { client, user } = await clientAs(t);
    const b = await book(typeIds.estimate, 5, client, { email: user.email });
    const res = await client.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.body.bookings).toEqual([
      expect.objectContaining({
        reference: b.reference,
        type_name: 'Estimate visit',
        status: 'booked',
        email: user.email,
        telephone: '07700 900789',
      }),
    ]);
    // Never the manage link's secret or its hash.
    const row = await t.deps.db.selectFrom('bookings').selectAll().where('reference', '=', b.reference).executeTakeFirstOrThrow();
    expect(res.text).not.toContain(row.manage_token_hash);
    expect(res.text).not.toContain(row.manage_salt);
  });

  it('deletion cancels future bookings (their places free again) and anonymises every booking', async () => {
    const { client, user } = await clientAs(t);
    const future = await book(typeIds.estimate, 6, client, { email: user.email });
    const past = await book(typeIds.estimate, 7, client, { email: user.email });
    // One of them in the past already.
    await t.deps.db
      .updateTable('bookings')
      .set({ starts_at: new Date('2026-01-05T10:00:00Z'), ends_at: new Date('2026-01-05T10:20:00Z'), status: 'attended' })
      .where('reference', '=', past.reference)
      .execute();
    const res = await client.delete('/api/user', { json: { password: FACTORY_PASSWORD } });
    expect(res.status, res.text).toBeLessThan(300);
    const rows = await t.deps.db
      .selectFrom('bookings')
      .selectAll()
      .where('reference', 'in', [future.reference, past.reference])
      .orderBy('reference')
      .execute();
    for (const row of rows) {
      expect([row.user_id, row.name, row.email, row.telephone, row.registration]).toEqual([null, 'Deleted user', '', '', null]);
    }
    const byRef = new Map(rows.map((r) => [r.reference, r]));
    expect(byRef.get(future.reference)!.status).toBe('cancelled');
    expect(byRef.get(past.reference)!.status).toBe('attended');
    const places = await t.deps.db
      .selectFrom('booking_slot_places')
      .select('booking_id')
      .where('booking_id', '=', byRef.get(future.reference)!.id)
      .execute();
    expect(places).toEqual([]);
    expect((await freeSlot(typeIds.estimate, 0)).starts_at <= future.starts_at).toBe(true);
  });
});
