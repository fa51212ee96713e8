/**
 * The account's door to a thread: a signed-in customer with a verified address reads and writes in
 * the thread of one of their own quote requests (the quote's, which its bookings and its repair job
 * share) from /account/quotes. Someone else's quote is a 404 exactly like one that does not exist.
 * Writing is throttled per address and per quote as the manage link's and the tracker's are; the
 * shop is told (notifications) and a done thread reopens (threads.service.ts postMessageIn).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import type { ThreadPage } from '#shared/schemas/threads.ts';
import type { MatterIds } from './message-threads.repository.ts';
import { matterOf, postMessageIn, readThread } from './threads.service.ts';
import { CUSTOMER_MESSAGE_LIMIT, messageError, presentPage } from './thread-replies.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'rateLimiter'>;
type Customer = Pick<SessionUser, 'id'>;

/** The matter of the customer's own quote request, or a 404 (unknown, or someone else's). */
async function myQuoteMatter(db: Deps['db'], user: Customer, quoteId: number): Promise<MatterIds> {
  const quote = await findQuoteRequest(db, quoteId);
  if (!quote || quote.user_id !== user.id) throw AppError.notFound();
  return matterOf({ quoteRequestId: quote.id });
}

/** One page of the quote's thread, newest first; the first page marks it read for the customer. */
export async function readMyQuoteThread(
  deps: Pick<Deps, 'db'>,
  user: Customer,
  input: { id: number; before_id?: number | undefined },
): Promise<ThreadPage> {
  const matter = await myQuoteMatter(deps.db, user, input.id);
  const page = await readThread(deps.db, matter.matter_key, 'customer', input.before_id !== undefined ? { beforeId: input.before_id } : {});
  return presentPage(deps.db, page, 'customer');
}

/** The customer writes to the shop about their quote: throttled, kept in the thread, the shop told. */
export async function sendMyQuoteMessage(
  deps: Deps,
  user: Customer,
  input: { id: number; message: string },
  ip: string | null,
  now = new Date(),
): Promise<ThreadPage> {
  const matter = await myQuoteMatter(deps.db, user, input.id);
  await throttle(deps.rateLimiter, [
    { key: `thread-message:${ip ?? ''}`, ...CUSTOMER_MESSAGE_LIMIT },
    { key: `thread-message-quote:${input.id}`, ...CUSTOMER_MESSAGE_LIMIT },
  ]);
  try {
    await deps.db.transaction().execute((trx) => postMessageIn(trx, matter, { side: 'customer', body: input.message }, now, deps));
  } catch (error) {
    messageError(error);
  }
  return presentPage(deps.db, await readThread(deps.db, matter.matter_key, 'customer', {}, now), 'customer');
}
