import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A stage of the shop's repair list (repair-jobs/repair-stages.repository.ts). */
export interface RepairStagesTable {
  id: Generated<number>;
  name: string;
  position: number;
  is_collected: ColumnType<boolean, boolean | undefined, boolean>;
  /** The one stage an insured job waits at until the insurer's authority is recorded (insurance/insurer-authority.ts). */
  awaits_insurer_authority: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}
