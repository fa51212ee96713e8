// Every SQL statement on thread_messages.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { AuthorSide, ThreadMessagesTable } from '#server/threads/thread-messages.table.ts';

type Db = Kysely<Database>;
export type ThreadMessageRow = Selectable<ThreadMessagesTable>;

export async function insertThreadMessage(
  db: Db,
  values: { thread_id: number; author_side: AuthorSide; staff_user_id: number | null; body: string },
): Promise<ThreadMessageRow> {
  return db.insertInto('thread_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findThreadMessage(db: Db, id: number): Promise<ThreadMessageRow | undefined> {
  return db.selectFrom('thread_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of a thread, newest first, keyset-paged on id. */
export async function listThreadMessages(db: Db, threadId: number, limit: number, beforeId?: number): Promise<ThreadMessageRow[]> {
  let q = db.selectFrom('thread_messages').selectAll().where('thread_id', '=', threadId);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Every message of several threads in one query, oldest first (the account export). */
export async function listMessagesOfThreads(db: Db, threadIds: number[]): Promise<ThreadMessageRow[]> {
  if (threadIds.length === 0) return [];
  return db.selectFrom('thread_messages').selectAll().where('thread_id', 'in', threadIds).orderBy('thread_id').orderBy('id').execute();
}

/** How many customer messages each matter's thread holds, in one query; a matter with none is absent. */
export async function countCustomerMessagesByMatter(db: Db, matterKeys: string[]): Promise<Map<string, number>> {
  if (matterKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread_messages')
    .innerJoin('message_threads', 'message_threads.id', 'thread_messages.thread_id')
    .select(['message_threads.matter_key', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('message_threads.matter_key', 'in', matterKeys)
    .where('thread_messages.author_side', '=', 'customer')
    .groupBy('message_threads.matter_key')
    .execute();
  return new Map(rows.map((r) => [r.matter_key, Number(r.count)]));
}
