import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { MailKind, MailStatus } from '#shared/value-sets.ts';

/** One e-mail the site sends (mail/outgoing-mail.repository.ts; the send-mail job sends it). */
export interface OutgoingMailTable {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: ColumnType<string, string | undefined, string>;
  params: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  first_failed_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Timestamp | null;
}
