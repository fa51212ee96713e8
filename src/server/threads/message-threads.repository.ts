// Every SQL statement on message_threads.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { MessageThreadsTable } from '#server/threads/message-threads.table.ts';

type Db = Kysely<Database>;
export type ThreadRow = Selectable<MessageThreadsTable>;

export interface MatterIds {
  matter_key: string;
  quote_request_id: number | null;
  booking_id: number | null;
  repair_job_id: number | null;
}

/** The matter's thread, made on first use; a concurrent first use finds the same row (unique matter_key). */
export async function findOrCreateThread(db: Db, matter: MatterIds): Promise<ThreadRow> {
  await db
    .insertInto('message_threads')
    .values(matter)
    .onConflict((oc) => oc.column('matter_key').doNothing())
    .execute();
  return db.selectFrom('message_threads').selectAll().where('matter_key', '=', matter.matter_key).executeTakeFirstOrThrow();
}

export async function findThreadByKey(db: Db, matterKey: string): Promise<ThreadRow | undefined> {
  return db.selectFrom('message_threads').selectAll().where('matter_key', '=', matterKey).executeTakeFirst();
}

export async function findThreadsByKeys(db: Db, matterKeys: string[]): Promise<ThreadRow[]> {
  if (matterKeys.length === 0) return [];
  return db.selectFrom('message_threads').selectAll().where('matter_key', 'in', matterKeys).execute();
}

export async function updateThread(
  db: Db,
  id: number,
  values: Partial<Pick<ThreadRow, 'awaiting_shop' | 'done_at' | 'customer_read_at' | 'shop_read_at' | 'last_message_at'>>,
): Promise<ThreadRow> {
  return db.updateTable('message_threads').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countAwaitingShop(db: Db): Promise<number> {
  const row = await db
    .selectFrom('message_threads')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('awaiting_shop', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Threads awaiting the shop, counted up to `cap` from the partial index message_threads_awaiting (never the whole table). */
export async function countAwaitingShopCapped(db: Db, cap: number): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('message_threads').select('id').where('awaiting_shop', '=', true).limit(cap).as('waiting'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Threads awaiting the shop, longest-waiting last, keyset-paged on (last_message_at, id). */
export async function listAwaitingShop(db: Db, limit: number, before?: { at: Date; id: number }): Promise<ThreadRow[]> {
  let q = db.selectFrom('message_threads').selectAll().where('awaiting_shop', '=', true);
  if (before) {
    q = q.where((eb) =>
      eb.or([eb('last_message_at', '<', before.at), eb.and([eb('last_message_at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return q.orderBy('last_message_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Account deletion: the threads of the customer's matters go with them (their messages cascade). */
export async function deleteThreadsByKeys(db: Db, matterKeys: string[]): Promise<void> {
  if (matterKeys.length === 0) return;
  await db.deleteFrom('message_threads').where('matter_key', 'in', matterKeys).execute();
}

/**
 * The newest threads awaiting the shop with what the dashboard's "Needs you" names them by: the
 * matter's reference and customer, from its job, booking or quote (one statement, `limit` rows).
 */
export async function listAwaitingShopWithMatter(db: Db, limit: number) {
  return db
    .selectFrom('message_threads as t')
    .leftJoin('quote_requests as q', 'q.id', 't.quote_request_id')
    .leftJoin('bookings as b', 'b.id', 't.booking_id')
    .leftJoin('repair_jobs as j', 'j.id', 't.repair_job_id')
    .select([
      't.id',
      't.quote_request_id',
      't.booking_id',
      't.repair_job_id',
      't.last_message_at',
      'q.reference as quote_reference',
      'q.name as quote_name',
      'b.reference as booking_reference',
      'b.name as booking_name',
      'j.reference as job_reference',
      'j.customer_name as job_name',
    ])
    .where('t.awaiting_shop', '=', true)
    .orderBy('t.last_message_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
