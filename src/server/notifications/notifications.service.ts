/**
 * The shop is told (docs/product.md "Notifications"): `notifyShop` is called in the transaction of
 * the change (a booking made, moved, cancelled or asked to change, a customer's message, feedback
 * left) and queues one 'shop-notification' mail to each configured address for an event that is on.
 * The setting lists the events turned off and the addresses; none: the shop's e-mail from its details.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { screenPath } from '#shared/screen-paths.ts';
import type { NotificationSettings, NotificationSettingsInput } from '#shared/schemas/notifications.ts';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '#shared/value-sets.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as settingsRepo from './shop-notification-settings.repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type NotifyDeps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'publicContent'>;

/** What happened, said without secrets: the event, the matter's reference, a line for the shop and the admin page's path. */
export interface ShopEvent {
  kind: NotificationEvent;
  reference: string;
  summary: string;
  /** The admin page where it is answered (screenPath). */
  path: string;
  /** A time the summary names (a booking's), written at the shop's clock. */
  at?: Date | string;
}

/** Queues the shop's mail of `event` in `trx`, to every configured address, unless the event is turned off. */
export async function notifyShop(deps: NotifyDeps, trx: Executor, event: ShopEvent): Promise<void> {
  const settings = await settingsRepo.findNotificationSettings(trx);
  if (settings.mutedEvents.includes(event.kind)) return;
  const shop = await readShop(deps);
  const recipients = settings.recipients.length > 0 ? settings.recipients : [shop.email];
  const when = event.at ? ` ${formatDateTime(new Date(event.at), { timeZone: shop.timeZone })}.` : '';
  for (const to of new Set(recipients.filter((address) => address.trim() !== ''))) {
    await queueMail(deps, trx, {
      kind: 'shop-notification',
      to,
      params: { event: event.kind, reference: event.reference, summary: event.summary + when, url: deps.config.appUrl + event.path },
    });
  }
}

/** A booking's event: who, which vehicle and when (at the shop's clock); the booking's admin page answers it. */
export function bookingEvent(
  kind: NotificationEvent,
  row: { id: number; reference: string; name: string; vehicle: string; starts_at: Date | string },
): ShopEvent {
  return {
    kind,
    reference: row.reference,
    summary: `${row.name}, ${row.vehicle}.`,
    at: row.starts_at,
    path: screenPath('adminBooking', { id: row.id }),
  };
}

const EXCERPT_LENGTH = 160;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text);

/**
 * A customer's message in a matter's thread, answered on the page it was written about: the job's,
 * else the booking's, else the quote's. Written on a quote alone it is the customer's reply to the quote.
 */
export async function customerMessageEvent(
  db: Executor,
  matter: { quote_request_id: number | null; booking_id: number | null; repair_job_id: number | null },
  body: string,
): Promise<ShopEvent> {
  const summary = `The customer wrote: "${excerpt(body)}"`;
  if (matter.repair_job_id !== null) {
    const job = await findRepairJob(db, matter.repair_job_id);
    return {
      kind: 'customer-message',
      reference: job?.reference ?? '',
      summary,
      path: screenPath('adminRepair', { id: matter.repair_job_id }),
    };
  }
  if (matter.booking_id !== null) {
    const booking = await findBooking(db, matter.booking_id);
    return {
      kind: 'customer-message',
      reference: booking?.reference ?? '',
      summary,
      path: screenPath('adminBooking', { id: matter.booking_id }),
    };
  }
  const quote = matter.quote_request_id !== null ? await findQuoteRequest(db, matter.quote_request_id) : undefined;
  return {
    kind: 'quote-reply',
    reference: quote?.reference ?? '',
    summary,
    path: screenPath('adminQuote', { id: matter.quote_request_id ?? 0 }),
  };
}

/** Feedback left on a repair: with consent it waits for approval on Customer feedback, else it is read on the job. */
export function feedbackEvent(
  request: { repair_job_id: number; reference: string; vehicle: string },
  score: number,
  consent: boolean,
): ShopEvent {
  return {
    kind: 'feedback-left',
    reference: request.reference,
    summary: `${score} out of 5 for the ${request.vehicle}.${consent ? ' It may be published once you approve it.' : ''}`,
    path: consent ? screenPath('adminFeedback') : screenPath('adminRepair', { id: request.repair_job_id }),
  };
}

export async function getNotificationSettings(deps: Pick<AppDeps, 'db' | 'publicContent'>): Promise<NotificationSettings> {
  const [row, shop] = await Promise.all([settingsRepo.findNotificationSettings(deps.db), readShop(deps)]);
  return {
    events: NOTIFICATION_EVENTS.filter((e) => !row.mutedEvents.includes(e)),
    recipients: row.recipients,
    shop_email: shop.email,
  };
}

export async function updateNotificationSettings(
  deps: Pick<AppDeps, 'db' | 'publicContent'>,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()).filter((r) => r !== ''))];
  await settingsRepo.saveNotificationSettings(deps.db, {
    mutedEvents: NOTIFICATION_EVENTS.filter((e) => !input.events.includes(e)),
    recipients,
  });
  return getNotificationSettings(deps);
}
