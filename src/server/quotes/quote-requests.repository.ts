// Every SQL statement on quote_requests. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { QuoteRequestsTable } from '#server/quotes/quote-requests.table.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import type { QuoteStatus } from '#shared/value-sets.ts';

type Db = Kysely<Database>;
export type QuoteRequestRow = Selectable<QuoteRequestsTable>;
export type NewQuoteRequestRow = Insertable<QuoteRequestsTable>;

/** The name a request keeps when its customer's account is deleted. */
export const DELETED_USER_NAME = 'Deleted user';

export async function insertQuoteRequest(db: Db, values: NewQuoteRequestRow): Promise<QuoteRequestRow> {
  return db.insertInto('quote_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findQuoteRequest(db: Db, id: number, options: { lock?: boolean } = {}): Promise<QuoteRequestRow | undefined> {
  let query = db.selectFrom('quote_requests').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

function filtered(db: Db, filter: { status?: QuoteStatus | undefined; search?: string | undefined }) {
  let query = db.selectFrom('quote_requests');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(reference)`, 'like', pattern),
        eb(sql<string>`lower(name)`, 'like', pattern),
        eb(sql<string>`lower(email)`, 'like', pattern),
        eb(sql<string>`lower(vehicle)`, 'like', pattern),
        eb(sql<string>`lower(coalesce(registration, ''))`, 'like', pattern),
      ]),
    );
  }
  return query;
}

/** The number of photos of each selected request (a correlated count). */
function withPhotoCount<Q extends ReturnType<typeof filtered>>(query: Q) {
  return query.select((eb) =>
    eb
      .selectFrom('quote_request_photos')
      .select((inner) => inner.fn.countAll<string | number>().as('n'))
      .whereRef('quote_request_photos.quote_request_id', '=', 'quote_requests.id')
      .as('photo_count'),
  );
}

/** One page, newest first, with each request's number of photos. */
export async function findQuoteRequestPage(
  db: Db,
  filter: { status?: QuoteStatus | undefined; search?: string | undefined },
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    withPhotoCount(filtered(db, filter))
      .select(['id', 'reference', 'name', 'email', 'vehicle', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, photo_count: Number(r.photo_count) })), total: Number(count.count) };
}

/** How many requests are in each status. */
export async function countQuoteRequestsByStatus(db: Db): Promise<{ status: QuoteStatus; count: number }[]> {
  const rows = await db
    .selectFrom('quote_requests')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** A customer's own requests, newest first, with their number of photos. */
export async function findQuoteRequestsOfUser(db: Db, userId: number) {
  const rows = await withPhotoCount(db.selectFrom('quote_requests'))
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, photo_count: Number(r.photo_count) }));
}

export async function updateQuoteRequest(
  db: Db,
  id: number,
  values: { status?: QuoteStatus; notes?: string; closed_at?: Date | null },
): Promise<void> {
  await db
    .updateTable('quote_requests')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteQuoteRequest(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('quote_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Requests closed before `closedBefore` whose photos are still kept: the retention sweep's work.
 * Only ids: each is then claimed on its own (claimPhotoDeletion).
 */
export async function findRequestsDueForPhotoDeletion(db: Db, closedBefore: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('quote_requests')
    .select('id')
    .where('status', '=', 'closed')
    .where('closed_at', '<', closedBefore)
    .where('photos_deleted_at', 'is', null)
    .orderBy('closed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Marks a request's photos deleted, once: true for the one caller that changed the row (a second
 * copy of the sweep running at the same moment gets false and leaves it alone).
 */
export async function claimPhotoDeletion(db: Db, id: number, closedBefore: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('quote_requests')
    .set({ photos_deleted_at: now })
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .where('closed_at', '<', closedBefore)
    .where('photos_deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A deleted account's requests stay for the shop, without the person: the link to the account and
 * the name, e-mail, telephone and registration go; the vehicle, description, photos and status stay.
 */
export async function anonymiseForUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('quote_requests')
    .set({ user_id: null, name: DELETED_USER_NAME, email: '', telephone: null, registration: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}
