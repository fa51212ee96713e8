import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface RepairJobMessagesTable {
  id: Generated<number>;
  repair_job_id: number;
  body: string;
  created_at: Timestamp;
}
