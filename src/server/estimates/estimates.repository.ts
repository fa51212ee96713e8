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

/** The estimates of these quote requests (at most one each): one statement for all. */
export async function listEstimatesOfQuotes(db: Db, quoteRequestIds: readonly number[]): Promise<EstimateRow[]> {
  if (quoteRequestIds.length === 0) return [];
  return db
    .selectFrom('estimates')
    .selectAll()
    .where('quote_request_id', 'in', [...quoteRequestIds])
    .execute();
}

export async function findEstimateByTokenHash(db: Db, hash: string, options: { lock?: boolean } = {}): Promise<EstimateRow | undefined> {
  let query = db.selectFrom('estimates').selectAll().where('link_token_hash', '=', hash);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findEstimate(db: Db, id: number): Promise<EstimateRow | undefined> {
  return db.selectFrom('estimates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The estimates of a customer's own quote requests that have a link (sent at least once), newest first; at most `limit`. */
export async function listEstimatesOfUser(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('estimates as e')
    .innerJoin('quote_requests as q', 'q.id', 'e.quote_request_id')
    .select(['e.id', 'e.status', 'e.link_salt', 'e.link_token_hash', 'e.updated_at', 'q.reference', 'q.vehicle'])
    .where('q.user_id', '=', userId)
    .where('e.link_token_hash', 'is not', null)
    .orderBy('e.updated_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateEstimate(db: Db, id: number, values: Updateable<EstimatesTable>): Promise<void> {
  await db
    .updateTable('estimates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The estimates of these quote requests that have a link (sent at least once): one statement for all. */
export async function listLinkedEstimatesOfQuotes(db: Db, quoteRequestIds: readonly number[]) {
  if (quoteRequestIds.length === 0) return [];
  return db
    .selectFrom('estimates')
    .select(['id', 'quote_request_id', 'link_salt', 'link_token_hash'])
    .where('quote_request_id', 'in', [...quoteRequestIds])
    .where('link_token_hash', 'is not', null)
    .execute();
}

/**
 * Declined estimates the shop has not followed up: declined, and neither sent again since (that
 * makes it "sent") nor its quote request closed. Newest answer first; at most `limit`, and their count.
 */
function declinedToFollowUp(db: Db) {
  return db
    .selectFrom('estimates as e')
    .innerJoin('quote_requests as q', 'q.id', 'e.quote_request_id')
    .where('e.status', '=', 'declined')
    .where('q.status', '!=', 'closed');
}

/** Their count, over at most `cap` of them (the partial index estimates_declined), as the other Needs you counts are. */
export async function countDeclinedToFollowUpCapped(db: Db, cap: number): Promise<number> {
  const row = await db
    .selectFrom(declinedToFollowUp(db).select('e.id').limit(cap).as('declined'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listDeclinedToFollowUp(db: Db, limit: number) {
  return declinedToFollowUp(db)
    .select((eb) => [
      'q.id as quote_request_id',
      'q.reference',
      'q.name',
      'q.vehicle',
      'e.updated_at as declined_at',
      eb
        .selectFrom('estimate_versions as v')
        .select('v.decline_reason')
        .whereRef('v.estimate_id', '=', 'e.id')
        .where('v.status', '=', 'declined')
        .orderBy('v.number', 'desc')
        .limit(1)
        .as('reason'),
    ])
    .orderBy('e.updated_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}
