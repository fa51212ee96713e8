// Every SQL statement on estimates. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { EstimatesTable } from './estimates.table.ts';

type Db = Kysely<Database>;
export type EstimateRow = Selectable<EstimatesTable>;

export async function insertEstimate(db: Db, values: Insertable<EstimatesTable>): Promise<EstimateRow> {
  return db.insertInto('estimates').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findEstimateOfQuote(
  db: Db,
  quoteRequestId: number,
  options: { lock?: boolean } = {},
): Promise<EstimateRow | undefined> {
  let query = db.selectFrom('estimates').selectAll().where('quote_request_id', '=', quoteRequestId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findEstimateByTokenHash(db: Db, hash: string, options: { lock?: boolean } = {}): Promise<EstimateRow | undefined> {
  let query = db.selectFrom('estimates').selectAll().where('link_token_hash', '=', hash);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findEstimate(db: Db, id: number): Promise<EstimateRow | undefined> {
  return db.selectFrom('estimates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateEstimate(db: Db, id: number, values: Updateable<EstimatesTable>): Promise<void> {
  await db
    .updateTable('estimates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
