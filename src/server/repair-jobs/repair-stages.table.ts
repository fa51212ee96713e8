import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A stage of the shop's repair list (repair-jobs/repair-stages.repository.ts). */
export interface RepairStagesTable {
  id: Generated<number>;
  name: string;
  position: number;
  is_collected: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}
