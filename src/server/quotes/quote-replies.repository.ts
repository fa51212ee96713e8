// Every SQL statement on quote_replies. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { QuoteRepliesTable } from '#server/quotes/quote-replies.table.ts';

type Db = Kysely<Database>;
export type QuoteReplyRow = Selectable<QuoteRepliesTable>;

export async function insertQuoteReply(db: Db, values: Insertable<QuoteRepliesTable>): Promise<QuoteReplyRow> {
  return db.insertInto('quote_replies').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findQuoteReply(db: Db, id: number): Promise<QuoteReplyRow | undefined> {
  return db.selectFrom('quote_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The answers to the given requests, oldest first (the order they were sent). */
export async function listRepliesOfRequests(db: Db, requestIds: number[]): Promise<QuoteReplyRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('quote_replies')
    .selectAll()
    .where('quote_request_id', 'in', requestIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
