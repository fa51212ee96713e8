import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A browser and system a user has signed in from (account/security-alerts.service.ts). */
export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the user's id, the browser's and the system's names. */
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}
