import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { ActivityKind } from '#shared/value-sets.ts';

/** The activity log (migrations/2026-11-26T0740_activity_log.ts): insert-only but for account deletion. */
export interface ActivityEntriesTable {
  id: Generated<number>;
  created_at: Timestamp;
  actor_user_id: number | null;
  actor_label: string;
  ip_address: string | null;
  kind: ActivityKind;
  item_type: string | null;
  item_id: number | null;
  item_label: string | null;
  version_id: number | null;
  details: string | null;
  once_key: string | null;
}
