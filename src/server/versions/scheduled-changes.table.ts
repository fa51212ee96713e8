import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { ScheduledAction, ScheduledChangeState } from '#shared/value-sets.ts';
import type { DraftKind } from '#shared/schemas/versions.ts';

/** A publish or a revert an admin scheduled (versions/scheduled-changes.repository.ts). */
export interface ScheduledChangesTable {
  id: Generated<number>;
  item_kind: DraftKind;
  item_id: number;
  action: ScheduledAction;
  run_at: Timestamp;
  state: ColumnType<ScheduledChangeState, ScheduledChangeState | undefined, ScheduledChangeState>;
  outcome: string | null;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  job_id: string | null;
}
