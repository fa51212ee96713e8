// The rules of the message threads: one per customer matter, the customer and the shop writing in
// it, read markers per side, and the shop's done flag (a new customer message reopens it).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import * as threads from '#server/threads/message-threads.repository.ts';
import * as messages from '#server/threads/thread-messages.repository.ts';
import type { AuthorSide } from '#server/threads/thread-messages.table.ts';
import { customerMessageEvent, notifyShop, type NotifyDeps } from '#server/notifications/notifications.service.ts';

type Db = Kysely<Database>;

export const MESSAGE_MAX_LENGTH = 2000;
export const THREAD_PAGE_MAX = 50;

/**
 * The matter a thread belongs to. Keyed by the quote when there is one, so the quote, the bookings
 * made from it and the repair job opened from them share one thread; else by the booking (its job
 * shares it); else by the job alone.
 */
export function matterOf(ids: {
  quoteRequestId?: number | null;
  bookingId?: number | null;
  repairJobId?: number | null;
}): threads.MatterIds {
  const quote = ids.quoteRequestId ?? null;
  const booking = ids.bookingId ?? null;
  const job = ids.repairJobId ?? null;
  const key = quote !== null ? `quote:${quote}` : booking !== null ? `booking:${booking}` : job !== null ? `job:${job}` : null;
  if (key === null) throw new Error('A thread needs a quote, a booking or a repair job');
  return { matter_key: key, quote_request_id: quote, booking_id: booking, repair_job_id: job };
}

/** A repair job's matter: the job carries its booking's quote when it was opened from one, so the row alone is enough. */
export function matterOfRepairJob(job: { id: number; quote_request_id: number | null; booking_id: number | null }): threads.MatterIds {
  return matterOf({ quoteRequestId: job.quote_request_id, bookingId: job.booking_id, repairJobId: job.id });
}

export class MessageRejected extends Error {}

/** Plain text only: control characters (but line breaks and tabs) dropped, at most 3 blank lines, trimmed, length checked. */
export function sanitiseMessage(raw: string): string {
  const text = raw
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
  if (text.length === 0) throw new MessageRejected('Please write a message.');
  if (text.length > MESSAGE_MAX_LENGTH) throw new MessageRejected(`Please keep the message under ${MESSAGE_MAX_LENGTH} characters.`);
  return text;
}

export async function postMessage(
  db: Db,
  matter: threads.MatterIds,
  message: { side: AuthorSide; staffUserId?: number | null; body: string },
  now = new Date(),
  /** Given: a customer's message e-mails the shop (notifications), in the same transaction. */
  notify?: NotifyDeps,
): Promise<{ thread: threads.ThreadRow; message: messages.ThreadMessageRow }> {
  // Refused before a transaction is opened.
  const body = sanitiseMessage(message.body);
  if (message.side === 'shop' && !message.staffUserId) throw new Error('A shop message names its staff member');
  return db.transaction().execute((trx) => postMessageIn(trx, matter, { ...message, body }, now, notify));
}

/** postMessage inside the caller's transaction (a shop reply queues its mail in the same one). */
export async function postMessageIn(
  trx: Db,
  matter: threads.MatterIds,
  message: { side: AuthorSide; staffUserId?: number | null; body: string },
  now = new Date(),
  notify?: NotifyDeps,
): Promise<{ thread: threads.ThreadRow; message: messages.ThreadMessageRow }> {
  const body = sanitiseMessage(message.body);
  if (message.side === 'shop' && !message.staffUserId) throw new Error('A shop message names its staff member');
  const thread = await threads.findOrCreateThread(trx, matter);
  const row = await messages.insertThreadMessage(trx, {
    thread_id: thread.id,
    author_side: message.side,
    staff_user_id: message.side === 'shop' ? message.staffUserId! : null,
    body,
  });
  // A customer message reopens a done thread and waits for the shop; the shop's reply answers it.
  // The writer has read everything up to their own message.
  const updated = await threads.updateThread(
    trx,
    thread.id,
    message.side === 'customer'
      ? { awaiting_shop: true, done_at: null, customer_read_at: now, last_message_at: now }
      : { awaiting_shop: false, shop_read_at: now, last_message_at: now },
  );
  if (message.side === 'customer' && notify) await notifyShop(notify, trx, await customerMessageEvent(trx, matter, body));
  return { thread: updated, message: row };
}

export interface ThreadPage {
  thread: threads.ThreadRow | null;
  messages: messages.ThreadMessageRow[];
  /** The id to pass as beforeId for the older page; null when this is the oldest. */
  nextBeforeId: number | null;
}

/** One page of the matter's thread (newest first); reading it marks it read for that side. */
export async function readThread(
  db: Db,
  matterKey: string,
  side: AuthorSide,
  page: { limit?: number; beforeId?: number } = {},
  now = new Date(),
): Promise<ThreadPage> {
  const limit = Math.min(Math.max(1, page.limit ?? THREAD_PAGE_MAX), THREAD_PAGE_MAX);
  let thread = (await threads.findThreadByKey(db, matterKey)) ?? null;
  if (!thread) return { thread: null, messages: [], nextBeforeId: null };
  const rows = await messages.listThreadMessages(db, thread.id, limit + 1, page.beforeId);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  if (page.beforeId === undefined) {
    thread = await threads.updateThread(db, thread.id, side === 'customer' ? { customer_read_at: now } : { shop_read_at: now });
  }
  return { thread, messages: shown, nextBeforeId: more ? shown[shown.length - 1]!.id : null };
}

/** The shop marks the thread done: no longer awaiting it, until the customer writes again. */
export async function markDone(db: Db, matterKey: string, now = new Date()): Promise<threads.ThreadRow | null> {
  const thread = await threads.findThreadByKey(db, matterKey);
  if (!thread) return null;
  return threads.updateThread(db, thread.id, { awaiting_shop: false, done_at: now, shop_read_at: now });
}

/** How many threads wait for the shop (the dashboard's badge). */
export function unreadThreadCount(db: Db): Promise<number> {
  return threads.countAwaitingShop(db);
}

/** The threads awaiting the shop, newest customer message first, paged (the dashboard's "Needs you"). */
export async function listThreadsAwaitingShop(
  db: Db,
  page: { limit?: number; before?: { at: Date; id: number } } = {},
): Promise<threads.ThreadRow[]> {
  const limit = Math.min(Math.max(1, page.limit ?? THREAD_PAGE_MAX), THREAD_PAGE_MAX);
  return threads.listAwaitingShop(db, limit, page.before);
}

/** The account export: every message of the customer's matters, one query per table. */
export async function exportThreads(db: Db, matterKeys: string[]) {
  const rows = await threads.findThreadsByKeys(db, matterKeys);
  const all = await messages.listMessagesOfThreads(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((t) => ({
    matter: t.matter_key,
    done_at: t.done_at,
    messages: all.filter((m) => m.thread_id === t.id).map((m) => ({ from: m.author_side, body: m.body, sent_at: m.created_at })),
  }));
}

/**
 * Every message of several matters' threads, oldest first, by matter key (the tracker, the job's
 * page, the export): two queries whatever the number of matters.
 */
export async function messagesOfMatters(db: Db, matterKeys: string[]): Promise<(matterKey: string) => messages.ThreadMessageRow[]> {
  const rows = await threads.findThreadsByKeys(db, [...new Set(matterKeys)]);
  const all = await messages.listMessagesOfThreads(
    db,
    rows.map((r) => r.id),
  );
  const keyOf = new Map(rows.map((r) => [r.id, r.matter_key]));
  const grouped = new Map<string, messages.ThreadMessageRow[]>();
  for (const m of all) {
    const key = keyOf.get(m.thread_id)!;
    const list = grouped.get(key);
    if (list) list.push(m);
    else grouped.set(key, [m]);
  }
  return (matterKey) => grouped.get(matterKey) ?? [];
}

/** How many messages the customer wrote in each matter's thread, in one query (the board); none is absent. */
export function countCustomerMessagesOfMatters(db: Db, matterKeys: string[]): Promise<Map<string, number>> {
  return messages.countCustomerMessagesByMatter(db, [...new Set(matterKeys)]);
}

/** Account deletion: the customer's threads and their messages go with their details. */
export function deleteThreads(db: Db, matterKeys: string[]): Promise<void> {
  return threads.deleteThreadsByKeys(db, matterKeys);
}
