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
