/**
 * The shop's reply in a customer's thread, mailed to the customer (mail/mail-kinds.ts lists it),
 * rendered when it goes: the link back to the thread is made then (the tracker link for a repair
 * job, the booking's manage link, the account's quotes for a quote request), so no token waits in
 * the outgoing mail table. Reply-To is the shop's address.
 */
import { z } from 'zod';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import { screenPath } from '#shared/screen-paths.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { currentManageToken, managePath } from '#server/bookings/manage-link.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import { currentTrackerToken, trackerUrl } from '#server/repair-jobs/tracker-links.ts';
import { listUserNames } from '#server/users/users.repository.ts';
import { findThreadMessage } from './thread-messages.repository.ts';
import { threadReplyMessage } from './thread-messages.ts';

const params = z.object({
  messageId: z.number().int(),
  matter: z.enum(['quote_request', 'booking', 'repair_job']),
  matterId: z.number().int(),
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const threadReplyMail = defineMailKind({
  kind: 'thread-reply',
  label: 'A reply to your message',
  params,
  async render(deps, { recipient, params: p }, shop) {
    const message = await findThreadMessage(deps.db, p.messageId);
    if (!message) return { cancel: 'The message no longer exists.' };
    const author = message.staff_user_id
      ? ((await listUserNames(deps.db, [message.staff_user_id])).get(message.staff_user_id) ?? null)
      : null;
    const firstName = author ? author.split(/\s+/)[0]! : null;
    let facts: { name: string; about: string; url: string; actionLabel: string };
    if (p.matter === 'repair_job') {
      const job = await findRepairJob(deps.db, p.matterId);
      if (!job || job.anonymised_at) return { cancel: 'The repair job no longer exists.' };
      if (!sameAddress(job.customer_email, recipient)) return { cancel: 'The job has another address now.' };
      const token = currentTrackerToken(deps.config.appKeys, job);
      if (!token || job.tracker_revoked_at) return { cancel: 'The tracker link was revoked.' };
      facts = {
        name: job.customer_name,
        about: `the repair of your ${job.vehicle} (${job.reference})`,
        url: trackerUrl(deps.config.appUrl, token),
        actionLabel: 'Open your tracker',
      };
    } else if (p.matter === 'booking') {
      const booking = await findBooking(deps.db, p.matterId);
      if (!booking || !booking.email) return { cancel: 'The booking no longer exists.' };
      if (!sameAddress(booking.email, recipient)) return { cancel: 'The booking has another address now.' };
      const token = currentManageToken(deps.config.appKeys, booking);
      if (!token) return { cancel: 'The manage link can no longer be made.' };
      facts = {
        name: booking.name,
        about: `your booking ${booking.reference}`,
        url: deps.config.appUrl + managePath(token),
        actionLabel: 'Open your booking',
      };
    } else {
      const request = await findQuoteRequest(deps.db, p.matterId);
      if (!request || !request.email) return { cancel: 'The quote request no longer exists.' };
      if (!sameAddress(request.email, recipient)) return { cancel: 'The quote request has another address now.' };
      facts = {
        name: request.name,
        about: `your quote ${request.reference}`,
        url: deps.config.appUrl + screenPath('accountQuotes'),
        actionLabel: 'Open your quotes',
      };
    }
    return threadReplyMessage({ to: recipient, reply: message.body, author: firstName, shop, ...facts });
  },
});
