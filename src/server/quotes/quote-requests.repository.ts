// Every SQL statement on quote_requests. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { QuoteRequestsTable } from '#server/quotes/quote-requests.table.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import type { QuoteStatus } from '#shared/value-sets.ts';
import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';
import { ADMIN_LIST_COUNT_CAP } from '#shared/schemas/paging.ts';

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

/** A request by its reference (the references are unique), its letters in any case. */
export async function findQuoteRequestByReference(db: Db, reference: string): Promise<QuoteRequestRow | undefined> {
  return db.selectFrom('quote_requests').selectAll().where('reference', '=', reference.trim().toUpperCase()).executeTakeFirst();
}

/**
 * The five searched fields as one text, joined by a unit separator (chr(31)) no search holds, so a
 * match never spans two fields; written as the trigram index's expression
 * (migrations/2026-12-03T0400_list_indexes.ts), which serves LIKE '%…%' on it.
 */
const SEARCHED_TEXT = sql<string>`lower(reference || chr(31) || name || chr(31) || email || chr(31) || vehicle || chr(31) || coalesce(registration, ''))`;

export interface QuoteFilter {
  status?: QuoteStatus | undefined;
  search?: string | undefined;
}

function filtered(db: Db, filter: QuoteFilter) {
  let query = db.selectFrom('quote_requests');
  if (filter.status) query = query.where('status', '=', filter.status);
  const search = filter.search?.replaceAll('\x1f', '');
  if (search) query = query.where(SEARCHED_TEXT, 'like', likePattern(search));
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

/** How many requests match, counted no further than `cap + 1` rows. */
function cappedCount(db: Db, filter: QuoteFilter, cap: number) {
  return db
    .selectFrom(
      filtered(db, filter)
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matched'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'));
}

/** Requests still `new`, counted up to `cap` from the partial index quote_requests_new_created (Needs you). */
export async function countNewQuoteRequestsCapped(db: Db, cap: number): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('quote_requests').select('id').where('status', '=', 'new').limit(cap).as('fresh'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page, newest first, with each request's number of photos and the number of matching requests
 * up to `countCap` (more reads as `countCap + 1`), in one statement. A page starts after `cursor`
 * (keyset) or at `offset` (the numbered pages of GET /api/quote-requests?page=).
 */
export async function findQuoteRequestPage(
  db: Db,
  filter: QuoteFilter,
  limit: number,
  offset: number,
  options: { cursor?: Keyset | undefined; countCap?: number } = {},
) {
  const countCap = options.countCap ?? ADMIN_LIST_COUNT_CAP;
  let query = withPhotoCount(filtered(db, filter))
    .select(['id', 'reference', 'name', 'email', 'vehicle', 'status', 'created_at', keysetMicros('created_at').as('key_micros')])
    .select(() => cappedCount(db, filter, countCap).as('total'));
  if (options.cursor) query = query.where(afterKeyset('created_at', 'id', options.cursor));
  const found = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  // Past the end (or an empty list) there is no row to carry the count: ask once on its own.
  const total =
    found.length > 0
      ? Number(found[0]!.total)
      : offset > 0 || options.cursor
        ? Number((await cappedCount(db, filter, countCap).executeTakeFirstOrThrow()).n)
        : 0;
  const rows = found.slice(0, limit).map(({ total: _total, ...r }) => ({ ...r, photo_count: Number(r.photo_count) }));
  return { rows, total: Math.min(total, countCap), totalCapped: total > countCap, hasMore: found.length > limit };
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

/** One page of a customer's requests, newest first, after the cursor (keyset on created_at, id); `limit` rows at most. */
export async function findQuoteRequestPageOfUser(db: Db, userId: number, limit: number, cursor: Keyset | undefined) {
  let query = withPhotoCount(db.selectFrom('quote_requests'))
    .selectAll()
    .select(keysetMicros('created_at').as('key_micros'))
    .where('user_id', '=', userId);
  if (cursor) query = query.where(afterKeyset('created_at', 'id', cursor));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
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

/**
 * A guest's requests under an address join the account once that address is verified (the repair
 * jobs match it when read: repair-jobs.repository.ts); requests of another account stay theirs.
 */
export async function claimGuestQuoteRequests(db: Db, userId: number, verifiedEmail: string): Promise<number> {
  const result = await db
    .updateTable('quote_requests')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', verifiedEmail.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
