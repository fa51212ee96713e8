// Every SQL statement on repair_job_stage_history (the stages a job reached, and when).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobStageHistoryTable } from '#server/repair-jobs/repair-job-history.table.ts';

type Db = Kysely<Database>;
export type StageHistoryRow = Selectable<RepairJobStageHistoryTable>;

export async function insertStageReached(
  db: Db,
  values: { repair_job_id: number; stage_id: number; stage_name: string; reached_at?: Date },
) {
  await db.insertInto('repair_job_stage_history').values(values).execute();
}

export async function findStageHistory(db: Db, repairJobId: number): Promise<StageHistoryRow[]> {
  return listStageHistoryOfJobs(db, [repairJobId]);
}

/** The history of several jobs in one query (the tracker list, the data export), oldest first. */
export async function listStageHistoryOfJobs(db: Db, repairJobIds: number[]): Promise<StageHistoryRow[]> {
  if (repairJobIds.length === 0) return [];
  return db
    .selectFrom('repair_job_stage_history')
    .selectAll()
    .where('repair_job_id', 'in', repairJobIds)
    .orderBy('reached_at')
    .orderBy('id')
    .execute();
}
