import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface RepairJobStageHistoryTable {
  id: Generated<number>;
  repair_job_id: number;
  stage_id: number | null;
  stage_name: string;
  reached_at: Timestamp;
}
