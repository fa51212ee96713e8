import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** Which events e-mail the shop and to whom: one row, id 1 (notifications/shop-notification-settings.repository.ts). */
export interface ShopNotificationSettingsTable {
  id: ColumnType<number, 1 | undefined, never>;
  /** JSON text: NotificationEvent[] turned off (an event added later starts on). */
  muted_events: ColumnType<string, string | undefined, string>;
  /** JSON text: string[] of addresses; empty: the shop's e-mail from its details. */
  recipients: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}
