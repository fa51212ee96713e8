/**
 * Reminder e-mails (the booking-reminders job, every 15 minutes): the day before a booking, from
 * 10:00 at the shop, and for an on-site visit (a type that asks for the location) a second one on
 * the morning, from 07:00. A reminder is claimed by a conditional update in the transaction that
 * queues its mail, so a run repeated, retried or running in two copies at once sends it once.
 * A booking made less than two hours ago gets no day-before reminder until those two hours have
 * passed (its confirmation has just gone).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { getShop } from '#server/shop/shop.service.ts';
import { addDays, localMoment } from '#shared/calendar-date.ts';
import * as bookings from './bookings.repository.ts';
import * as types from './booking-types.repository.ts';

export const DAY_BEFORE_FROM_MINUTES = 10 * 60;
export const MORNING_FROM_MINUTES = 7 * 60;
const FRESH_BOOKING_MS = 2 * 3_600_000;

type Deps = Pick<AppDeps, 'db' | 'jobs'>;

/** Queues the reminders due at `now`; returns how many. */
export async function sendDueReminders(deps: Deps, now = new Date()): Promise<number> {
  const shop = await getShop(deps);
  const today = localMoment(now, shop.timeZone);
  const onSite = new Set((await types.listBookingTypes(deps.db, { activeOnly: false })).filter((t) => t.asks_location).map((t) => t.id));
  const candidates = await bookings.findReminderCandidates(deps.db, now, new Date(now.getTime() + 50 * 3_600_000));
  let queued = 0;
  for (const row of candidates) {
    const to = row.email;
    if (!to) continue;
    const day = localMoment(new Date(row.starts_at), shop.timeZone).date;
    const fresh = now.getTime() - new Date(row.created_at).getTime() < FRESH_BOOKING_MS;
    const dayBeforeDue =
      !row.reminder_sent_at &&
      !fresh &&
      ((day === addDays(today.date, 1) && today.minutes >= DAY_BEFORE_FROM_MINUTES) || day === today.date);
    const morningDue =
      !row.morning_reminder_sent_at && onSite.has(row.booking_type_id) && day === today.date && today.minutes >= MORNING_FROM_MINUTES;
    for (const [due, column, morning] of [
      [dayBeforeDue, 'reminder_sent_at', false],
      [morningDue, 'morning_reminder_sent_at', true],
    ] as const) {
      if (!due) continue;
      const claimed = await deps.db.transaction().execute(async (trx) => {
        if (!(await bookings.claimReminder(trx, row.id, column, now))) return false;
        await queueMail(deps, trx, { kind: 'booking-reminder', to, params: { bookingId: row.id, morning } });
        return true;
      });
      if (claimed) queued++;
    }
  }
  return queued;
}
