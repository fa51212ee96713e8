// Every SQL statement on estimate_versions. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { EstimateStatus } from '#shared/value-sets.ts';
import type { EstimateVersionsTable } from './estimate-versions.table.ts';

type Db = Kysely<Database>;
export type EstimateVersionRow = Selectable<EstimateVersionsTable>;

export async function insertEstimateVersion(db: Db, values: Insertable<EstimateVersionsTable>): Promise<EstimateVersionRow> {
  return db.insertInto('estimate_versions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An estimate's versions, oldest first (a handful: one per supplement). */
export async function listVersionsOfEstimate(db: Db, estimateId: number): Promise<EstimateVersionRow[]> {
  return db.selectFrom('estimate_versions').selectAll().where('estimate_id', '=', estimateId).orderBy('number').execute();
}

/** The versions of these estimates, each estimate's oldest first: one statement for all. */
export async function listVersionsOfEstimates(db: Db, estimateIds: readonly number[]): Promise<EstimateVersionRow[]> {
  if (estimateIds.length === 0) return [];
  return db
    .selectFrom('estimate_versions')
    .selectAll()
    .where('estimate_id', 'in', [...estimateIds])
    .orderBy('estimate_id')
    .orderBy('number')
    .execute();
}

export async function findVersion(db: Db, id: number): Promise<EstimateVersionRow | undefined> {
  return db.selectFrom('estimate_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateVersion(db: Db, id: number, values: Updateable<EstimateVersionsTable>): Promise<void> {
  await db
    .updateTable('estimate_versions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Marks every sent version still waiting for an answer (or accepted) of the estimate as replaced. */
export async function supersedeVersions(db: Db, estimateId: number, statuses: readonly EstimateStatus[]): Promise<void> {
  if (statuses.length === 0) return;
  await db
    .updateTable('estimate_versions')
    .set({ status: 'superseded', updated_at: new Date() })
    .where('estimate_id', '=', estimateId)
    .where('status', 'in', [...statuses])
    .execute();
}
