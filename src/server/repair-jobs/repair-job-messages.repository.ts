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
  return listMessagesOfJobs(db, [repairJobId]);
}

/** The messages of several jobs in one query, oldest first. */
export async function listMessagesOfJobs(db: Db, repairJobIds: number[]): Promise<MessageRow[]> {
  if (repairJobIds.length === 0) return [];
  return db
    .selectFrom('repair_job_messages')
    .selectAll()
    .where('repair_job_id', 'in', repairJobIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many messages each of the jobs has, in one query (the board); a job with none is absent. */
export async function countMessagesOfJobs(db: Db, repairJobIds: number[]): Promise<Map<number, number>> {
  if (repairJobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('repair_job_messages')
    .select(['repair_job_id', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('repair_job_id', 'in', repairJobIds)
    .groupBy('repair_job_id')
    .execute();
  return new Map(rows.map((r) => [r.repair_job_id, Number(r.count)]));
}

/** Account deletion: what the customer wrote goes with their details. */
export async function deleteMessagesOfJobs(db: Db, repairJobIds: number[]): Promise<void> {
  if (repairJobIds.length === 0) return;
  await db.deleteFrom('repair_job_messages').where('repair_job_id', 'in', repairJobIds).execute();
}
