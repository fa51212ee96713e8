// Every SQL statement on repair_job_photos (progress photos: private files, shown to the customer only when shared).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobPhotosTable } from '#server/repair-jobs/repair-job-photos.table.ts';

type Db = Kysely<Database>;
export type RepairPhotoRow = Selectable<RepairJobPhotosTable>;
export type NewRepairPhotoRow = Insertable<RepairJobPhotosTable>;

export async function insertRepairPhotos(db: Db, values: NewRepairPhotoRow[]): Promise<void> {
  if (values.length === 0) return;
  await db.insertInto('repair_job_photos').values(values).execute();
}

export async function listRepairPhotos(db: Db, repairJobId: number, options: { sharedOnly?: boolean } = {}): Promise<RepairPhotoRow[]> {
  return listRepairPhotosOfJobs(db, [repairJobId], options);
}

/** The photos of several jobs in one query, oldest first. */
export async function listRepairPhotosOfJobs(
  db: Db,
  repairJobIds: number[],
  options: { sharedOnly?: boolean } = {},
): Promise<RepairPhotoRow[]> {
  if (repairJobIds.length === 0) return [];
  let query = db.selectFrom('repair_job_photos').selectAll().where('repair_job_id', 'in', repairJobIds);
  if (options.sharedOnly) query = query.where('shared', '=', true);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function findRepairPhoto(db: Db, id: number): Promise<RepairPhotoRow | undefined> {
  return db.selectFrom('repair_job_photos').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setRepairPhotoShared(db: Db, id: number, repairJobId: number, shared: boolean): Promise<boolean> {
  const result = await db
    .updateTable('repair_job_photos')
    .set({ shared })
    .where('id', '=', id)
    .where('repair_job_id', '=', repairJobId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The given keys that a photo row still names (the orphan sweep keeps those). */
export async function findRepairPhotoKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('repair_job_photos')
    .select(['large_key', 'thumb_key'])
    .where((eb) => eb.or([eb('large_key', 'in', keys), eb('thumb_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((r) => [r.large_key, r.thumb_key]));
}
