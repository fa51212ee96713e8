import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface RepairJobDateChangesTable {
  id: Generated<number>;
  repair_job_id: number;
  old_date: string;
  new_date: string;
  reason: string;
  created_at: Timestamp;
}
