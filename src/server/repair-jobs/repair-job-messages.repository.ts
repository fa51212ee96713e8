// Every SQL statement on repair_job_messages (what customers send from the tracker).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobMessagesTable } from '#server/repair-jobs/repair-job-messages.table.ts';

type Db = Kysely<Database>;
export type MessageRow = Selectable<RepairJobMessagesTable>;

export async function insertMessage(db: Db, values: { repair_job_id: number; body: string }): Promise<MessageRow> {
  return db.insertInto('repair_job_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listMessages(db: Db, repairJobId: number): Promise<MessageRow[]> {
  return db
    .selectFrom('repair_job_messages')
    .selectAll()
    .where('repair_job_id', '=', repairJobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Account deletion: what the customer wrote goes with their details. */
export async function deleteMessagesOfJobs(db: Db, repairJobIds: number[]): Promise<void> {
  if (repairJobIds.length === 0) return;
  await db.deleteFrom('repair_job_messages').where('repair_job_id', 'in', repairJobIds).execute();
}
