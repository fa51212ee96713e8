// Every SQL statement on estimate_lines. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { EstimateLinesTable } from './estimate-lines.table.ts';

type Db = Kysely<Database>;
export type EstimateLineRow = Selectable<EstimateLinesTable>;

/** The lines of the given versions, in their order (one statement for all of them). */
export async function listLinesOfVersions(db: Db, versionIds: number[]): Promise<EstimateLineRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .selectFrom('estimate_lines')
    .selectAll()
    .where('version_id', 'in', versionIds)
    .orderBy('version_id')
    .orderBy('position')
    .execute();
}

/** Replaces a draft's lines with these (in one insert). */
export async function replaceLines(
  db: Db,
  versionId: number,
  lines: Omit<Insertable<EstimateLinesTable>, 'version_id' | 'position'>[],
): Promise<void> {
  await db.deleteFrom('estimate_lines').where('version_id', '=', versionId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('estimate_lines')
    .values(lines.map((line, index) => ({ ...line, version_id: versionId, position: index + 1 })))
    .execute();
}

/** Copies one version's lines to another (a new draft starts from the last sent version). */
export async function copyLines(db: Db, fromVersionId: number, toVersionId: number): Promise<void> {
  const rows = await listLinesOfVersions(db, [fromVersionId]);
  if (rows.length === 0) return;
  await db
    .insertInto('estimate_lines')
    .values(rows.map(({ id: _id, version_id: _v, ...rest }) => ({ ...rest, version_id: toVersionId })))
    .execute();
}
