import type { ColumnType, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

export interface SessionsTable {
  id: string;
  user_id: number | null;
  remember: ColumnType<boolean, boolean | undefined, boolean>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_seen_at: Timestamp;
  password_confirmed_at: NullableTimestamp;
  pending_user_id: number | null;
  pending_remember: ColumnType<boolean, boolean | undefined, boolean>;
  pending_expires_at: NullableTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export type SessionRow = Selectable<SessionsTable>;
