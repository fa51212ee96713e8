/**
 * The doors to a matter's thread (threads.service.ts keeps the thread's own rules): the shop reads,
 * replies and marks done from the quote, booking or repair job page, the reply mailed to the
 * customer (thread-mail.ts) outside the quiet hours; the customer reads and writes from the booking's
 * manage link, which opens that booking's thread and no other. The tracker's door is
 * repair-jobs/repair-tracker.service.ts, the account's quote page's my-threads.service.ts.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { listUserNames } from '#server/users/users.repository.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findBooking, type BookingRow } from '#server/bookings/bookings.repository.ts';
import { findManagedBookingRow } from '#server/bookings/booking-manage.service.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import { outsideQuietHours } from '#server/repair-jobs/stage-mail-timing.ts';
import { REPAIR_MESSAGES_PER_HOUR, THREAD_REPLIES_PER_HOUR } from '#shared/limits.ts';
import type { AdminThread, ThreadPage } from '#shared/schemas/threads.ts';
import type { ThreadMessageRow } from './thread-messages.repository.ts';
import type { MatterIds } from './message-threads.repository.ts';
import { markDone, matterOf, matterOfRepairJob, MessageRejected, postMessageIn, readThread, sanitiseMessage } from './threads.service.ts';
import { THREAD_TEXTS } from './thread-messages.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'rateLimiter'>;

/** Where the shop answers from: the page of a quote request, a booking or a repair job. */
export type MatterKind = 'quote_request' | 'booking' | 'repair_job';

export interface Matter {
  kind: MatterKind;
  id: number;
  ids: MatterIds;
  customerName: string;
  /** Null for a telephone-only customer (or one whose account was deleted): no mail can reach them. */
  email: string | null;
}

function matterOfBooking(row: Pick<BookingRow, 'id' | 'quote_request_id'>): MatterIds {
  return matterOf({ quoteRequestId: row.quote_request_id, bookingId: row.id });
}

/** The matter behind a page, or undefined (an unknown id). */
export async function findMatter(db: Deps['db'], kind: MatterKind, id: number): Promise<Matter | undefined> {
  if (kind === 'quote_request') {
    const row = await findQuoteRequest(db, id);
    if (!row) return undefined;
    return { kind, id, ids: matterOf({ quoteRequestId: row.id }), customerName: row.name, email: row.email || null };
  }
  if (kind === 'booking') {
    const row = await findBooking(db, id);
    if (!row) return undefined;
    return { kind, id, ids: matterOfBooking(row), customerName: row.name, email: row.email || null };
  }
  const row = await findRepairJob(db, id);
  if (!row) return undefined;
  return {
    kind,
    id,
    ids: matterOfRepairJob(row),
    customerName: row.customer_name,
    email: row.anonymised_at ? null : row.customer_email || null,
  };
}

async function requireMatter(db: Deps['db'], kind: MatterKind, id: number): Promise<Matter> {
  const matter = await findMatter(db, kind, id);
  if (!matter) throw AppError.notFound();
  return matter;
}

/** The messages as either side reads them: the shop's with who wrote (the customer reads the first name only). */
export async function presentPage(
  db: Deps['db'],
  page: Awaited<ReturnType<typeof readThread>>,
  reader: 'shop' | 'customer',
): Promise<ThreadPage> {
  const staffIds = [...new Set(page.messages.map((m) => m.staff_user_id).filter((v): v is number => v !== null))];
  const names = await listUserNames(db, staffIds);
  const nameOf = (m: ThreadMessageRow): string | null => {
    if (m.author_side === 'customer' || m.staff_user_id === null) return null;
    const name = names.get(m.staff_user_id) ?? null;
    return reader === 'customer' && name ? name.split(/\s+/)[0]! : name;
  };
  return {
    done_at: page.thread?.done_at ? page.thread.done_at.toISOString() : null,
    awaiting_shop: page.thread?.awaiting_shop ?? false,
    messages: page.messages.map((m) => ({
      id: m.id,
      from: m.author_side,
      author_name: nameOf(m),
      body: m.body,
      created_at: m.created_at.toISOString(),
    })),
    next_before_id: page.nextBeforeId,
  };
}

async function adminView(db: Deps['db'], matter: Matter, page: { limit?: number; beforeId?: number }): Promise<AdminThread> {
  const read = await readThread(db, matter.ids.matter_key, 'shop', page);
  return { ...(await presentPage(db, read, 'shop')), customer_name: matter.customerName, can_mail: matter.email !== null };
}

/** The shop reads a matter's thread (newest first, paged); reading it marks it read for the shop. */
export async function readAdminThread(
  deps: Pick<Deps, 'db'>,
  kind: MatterKind,
  input: { id: number; before_id?: number | undefined; limit?: number | undefined },
): Promise<AdminThread> {
  const matter = await requireMatter(deps.db, kind, input.id);
  return adminView(deps.db, matter, {
    ...(input.limit !== undefined ? { limit: input.limit } : {}),
    ...(input.before_id !== undefined ? { beforeId: input.before_id } : {}),
  });
}

export const THREAD_REPLY_LIMIT = { limit: THREAD_REPLIES_PER_HOUR, windowSeconds: 60 * 60 } as const;

export function messageError(error: unknown): never {
  if (error instanceof MessageRejected) throw AppError.field('message', error.message);
  throw error;
}

/**
 * The shop replies: the message joins the thread (which then waits for the customer no more) and
 * the customer is mailed it in the same transaction, held to the end of the quiet hours as the
 * stage mails are (decisions/thread-replies-mailed-from-the-page-answered.md). A customer without an
 * e-mail address cannot be answered here (422: call them).
 */
export async function replyInThread(
  deps: Deps,
  staffUserId: number,
  kind: MatterKind,
  input: { id: number; message: string },
  now = new Date(),
): Promise<AdminThread> {
  const matter = await requireMatter(deps.db, kind, input.id);
  if (matter.email === null) throw AppError.field('message', THREAD_TEXTS.noEmail);
  let body: string;
  try {
    body = sanitiseMessage(input.message);
  } catch (error) {
    messageError(error);
  }
  await throttle(deps.rateLimiter, { key: `thread-reply:${staffUserId}`, ...THREAD_REPLY_LIMIT });
  const shop = await readShop(deps);
  const sendAt = outsideQuietHours(now, shop.timeZone);
  const to = matter.email;
  await deps.db.transaction().execute(async (trx) => {
    const { message } = await postMessageIn(trx, matter.ids, { side: 'shop', staffUserId, body }, now);
    await queueMail(
      deps,
      trx,
      { kind: 'thread-reply', to, params: { messageId: message.id, matter: kind, matterId: matter.id } },
      sendAt.getTime() > now.getTime() ? { startAfter: sendAt } : {},
    );
  });
  return adminView(deps.db, matter, {});
}

/** The shop marks the thread done: it waits for the shop no more until the customer writes again. */
export async function markThreadDone(
  deps: Pick<Deps, 'db'>,
  kind: MatterKind,
  input: { id: number },
  now = new Date(),
): Promise<AdminThread> {
  const matter = await requireMatter(deps.db, kind, input.id);
  await markDone(deps.db, matter.ids.matter_key, now);
  return adminView(deps.db, matter, {});
}

// ---- The customer's side: the booking's manage link -----------------------------------------

export const CUSTOMER_MESSAGE_LIMIT = { limit: REPAIR_MESSAGES_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** The thread of the booking the manage link opens (404 as every manage path for a link that opens nothing). */
export async function readManageThread(
  deps: Pick<Deps, 'db'>,
  input: { token: string; before_id?: number | undefined },
): Promise<ThreadPage> {
  const booking = await findManagedBookingRow(deps, input.token);
  const page = await readThread(
    deps.db,
    matterOfBooking(booking).matter_key,
    'customer',
    input.before_id !== undefined ? { beforeId: input.before_id } : {},
  );
  return presentPage(deps.db, page, 'customer');
}

/** The customer writes from the manage page: throttled per address and per link, kept in the booking's thread. */
export async function sendManageMessage(deps: Deps, input: { token: string; message: string }, ip: string | null): Promise<ThreadPage> {
  const booking = await findManagedBookingRow(deps, input.token);
  await throttle(deps.rateLimiter, [
    { key: `thread-message:${ip ?? ''}`, ...CUSTOMER_MESSAGE_LIMIT },
    { key: `thread-message-booking:${booking.id}`, ...CUSTOMER_MESSAGE_LIMIT },
  ]);
  const matter = matterOfBooking(booking);
  try {
    await deps.db.transaction().execute((trx) => postMessageIn(trx, matter, { side: 'customer', body: input.message }, new Date(), deps));
  } catch (error) {
    messageError(error);
  }
  return presentPage(deps.db, await readThread(deps.db, matter.matter_key, 'customer'), 'customer');
}
