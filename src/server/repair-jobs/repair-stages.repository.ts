// Every SQL statement on repair_stages (the shop's list of repair stages, in order).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairStagesTable } from '#server/repair-jobs/repair-stages.table.ts';

type Db = Kysely<Database>;
export type RepairStageRow = Selectable<RepairStagesTable>;

export async function listRepairStages(db: Db): Promise<RepairStageRow[]> {
  return db.selectFrom('repair_stages').selectAll().orderBy('position').orderBy('id').execute();
}

export async function findRepairStage(db: Db, id: number): Promise<RepairStageRow | undefined> {
  return db.selectFrom('repair_stages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the whole list while it is edited, so two admins' edits take turns. */
export async function lockRepairStages(db: Db): Promise<void> {
  await db.selectFrom('repair_stages').select('id').forUpdate().execute();
}

export async function insertRepairStage(db: Db, values: { name: string; position: number }): Promise<RepairStageRow> {
  return db.insertInto('repair_stages').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function renameRepairStage(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('repair_stages').set({ name }).where('id', '=', id).execute();
}

export async function setRepairStagePosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable('repair_stages').set({ position }).where('id', '=', id).execute();
}

export async function deleteRepairStage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('repair_stages').where('id', '=', id).execute();
}

/** The stage an insured job waits at for the insurer's authority (none once the shop removed it). */
export async function findInsurerAuthorityStage(db: Db): Promise<RepairStageRow | undefined> {
  return db.selectFrom('repair_stages').selectAll().where('awaits_insurer_authority', '=', true).orderBy('id').limit(1).executeTakeFirst();
}
