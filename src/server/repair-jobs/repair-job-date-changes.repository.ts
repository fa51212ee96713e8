// Every SQL statement on repair_job_date_changes (the promised-ready date's moves, with the reason the customer reads).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobDateChangesTable } from '#server/repair-jobs/repair-job-date-changes.table.ts';

type Db = Kysely<Database>;
export type DateChangeRow = Selectable<RepairJobDateChangesTable>;

export async function insertDateChange(db: Db, values: { repair_job_id: number; old_date: string; new_date: string; reason: string }) {
  await db.insertInto('repair_job_date_changes').values(values).execute();
}

export async function listDateChanges(db: Db, repairJobId: number): Promise<DateChangeRow[]> {
  return listDateChangesOfJobs(db, [repairJobId]);
}

/** The date changes of several jobs in one query, oldest first. */
export async function listDateChangesOfJobs(db: Db, repairJobIds: number[]): Promise<DateChangeRow[]> {
  if (repairJobIds.length === 0) return [];
  return db
    .selectFrom('repair_job_date_changes')
    .selectAll()
    .where('repair_job_id', 'in', repairJobIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
