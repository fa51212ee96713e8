/**
 * Booking reminders every 15 minutes (bookings/booking-reminders.service.ts: the day before, and
 * the morning of an on-site visit); each reminder is claimed once, so a repeated run sends nothing
 * twice. The same run moves the public snapshot's "next free estimate" on as time passes.
 */
import { sendDueReminders } from '#server/bookings/booking-reminders.service.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const bookingRemindersJob = defineJob({
  name: 'booking-reminders',
  payload: z.object({}),
  schedule: { cron: '*/15 * * * *' },
  expireInSeconds: 10 * 60,
  async run(deps, _data, job) {
    const queued = await sendDueReminders(deps);
    if (queued) deps.log.info({ queued }, 'booking reminders queued');
    // A slot that has passed leaves the home page's "Next free estimate".
    await job.publicContentChanged();
  },
});
