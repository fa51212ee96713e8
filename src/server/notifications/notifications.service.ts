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
}

/** Queues the shop's mail of `event` in `trx`, to every configured address, unless the event is turned off. */
export async function notifyShop(deps: NotifyDeps, trx: Executor, event: ShopEvent): Promise<void> {
  const settings = await settingsRepo.findNotificationSettings(trx);
  if (settings.mutedEvents.includes(event.kind)) return;
  const recipients = settings.recipients.length > 0 ? settings.recipients : [(await readShop(deps)).email];
  for (const to of new Set(recipients.filter((address) => address.trim() !== ''))) {
    await queueMail(deps, trx, {
      kind: 'shop-notification',
      to,
      params: { event: event.kind, reference: event.reference, summary: event.summary, url: deps.config.appUrl + event.path },
    });
  }
}

/** A booking's event: who, which vehicle and when, at the shop's clock. */
export function bookingEvent(
  kind: NotificationEvent,
  row: { id: number; reference: string; name: string; vehicle: string; starts_at: Date | string },
  timeZone: string,
  extra?: string,
): ShopEvent {
  const when = formatDateTime(new Date(row.starts_at), { timeZone });
  const summary = [`${row.name}, ${row.vehicle}, ${when}.`, extra].filter(Boolean).join(' ');
  return { kind, reference: row.reference, summary, path: screenPath('adminBooking', { id: String(row.id) }) };
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
