import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface RepairJobPhotosTable {
  id: Generated<number>;
  repair_job_id: number;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}
