// Every SQL statement on shop_notification_settings (one row, id 1, written by the migration).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

export interface NotificationSettingsRow {
  mutedEvents: NotificationEvent[];
  recipients: string[];
  updatedAt: Date;
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function findNotificationSettings(db: Db): Promise<NotificationSettingsRow> {
  const row = await db.selectFrom('shop_notification_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { mutedEvents: [], recipients: [], updatedAt: new Date(0) };
  const events = new Set<string>(NOTIFICATION_EVENTS);
  return {
    mutedEvents: parseList(row.muted_events).filter((e): e is NotificationEvent => events.has(e)),
    recipients: parseList(row.recipients),
    updatedAt: new Date(row.updated_at),
  };
}

export async function saveNotificationSettings(db: Db, values: { mutedEvents: NotificationEvent[]; recipients: string[] }): Promise<void> {
  const row = { muted_events: JSON.stringify(values.mutedEvents), recipients: JSON.stringify(values.recipients), updated_at: new Date() };
  await db
    .insertInto('shop_notification_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
