/**
 * The admin's triage of quote requests (docs/rest-contract.md "Quote requests", paths marked A):
 * the list, the counts per status, one request with signed links to its photos, status and notes,
 * deleting one with its photo files.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { QUOTES_PAGE_SIZE } from '#shared/limits.ts';
import { QUOTE_BOOKINGS_SHOWN } from '#shared/schemas/quotes.ts';
import type {
  QuoteCounts,
  QuoteDetail,
  QuoteListInput,
  QuotePage,
  QuoteReply,
  QuoteReplyInput,
  QuoteUpdateInput,
} from '#shared/schemas/quotes.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '#shared/value-sets.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { listBookingsOfQuoteRequest } from '#server/bookings/bookings.repository.ts';
import { findRepairJobOfQuoteRequest } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as requests from './quote-requests.repository.ts';
import * as replies from './quote-replies.repository.ts';
import * as photos from './quote-request-photos.repository.ts';
import { quotePhotoLinkExpiry, quotePhotoPath, type QuotePhotoVariant } from './quote-photo-links.ts';
import { deletePrivatePhotos } from '#server/files/private-photos.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config' | 'jobs'>;

/**
 * The statuses the customer is told of when a request reaches them (one mail per change); `new`,
 * `contacted` and `closed` are the shop's own bookkeeping (docs/decisions/quote-replies-and-status-mail.md).
 */
const MAILED_STATUSES: readonly QuoteStatus[] = ['quoted', 'booked'];

export function presentReply(row: replies.QuoteReplyRow): QuoteReply {
  return { id: row.id, price_pence: row.price_pence, message: row.message, created_at: new Date(row.created_at).toISOString() };
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export async function listQuoteRequests(deps: Pick<Deps, 'db'>, input: QuoteListInput): Promise<QuotePage> {
  const page = input.cursor ? 1 : (input.page ?? 1);
  const limit = input.limit ?? QUOTES_PAGE_SIZE;
  const { rows, total, totalCapped, hasMore } = await requests.findQuoteRequestPage(
    deps.db,
    { status: input.status, search: input.search || undefined },
    limit,
    (page - 1) * limit,
    { cursor: input.cursor ? decodeCursor(input.cursor) : undefined },
  );
  const last = rows.at(-1);
  return {
    data: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      name: r.name,
      email: r.email,
      vehicle: r.vehicle,
      status: r.status,
      photo_count: r.photo_count,
      created_at: iso(r.created_at),
    })),
    total,
    per_page: limit,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    total_capped: totalCapped,
    next_cursor: hasMore && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

export async function countQuoteRequests(deps: Pick<Deps, 'db'>): Promise<QuoteCounts> {
  const counts = Object.fromEntries(QUOTE_STATUSES.map((s) => [s, 0])) as QuoteCounts;
  for (const { status, count } of await requests.countQuoteRequestsByStatus(deps.db)) counts[status] = count;
  return counts;
}

export async function getQuoteRequest(deps: Pick<Deps, 'db' | 'config'>, id: number, now = Date.now()): Promise<QuoteDetail> {
  const row = await requests.findQuoteRequest(deps.db, id);
  if (!row) throw AppError.notFound();
  const [photoRows, replyRows, bookingRows, job] = await Promise.all([
    photos.listQuotePhotos(deps.db, id),
    replies.listRepliesOfRequests(deps.db, [id]),
    listBookingsOfQuoteRequest(deps.db, id, QUOTE_BOOKINGS_SHOWN),
    findRepairJobOfQuoteRequest(deps.db, id),
  ]);
  const expires = quotePhotoLinkExpiry(now);
  const link = (photoId: number, variant: QuotePhotoVariant) => quotePhotoPath(deps.config.appKey, photoId, variant, expires);
  return {
    id: row.id,
    reference: row.reference,
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    vehicle: row.vehicle,
    registration: row.registration,
    description: row.description,
    preferred_contact: row.preferred_contact,
    status: row.status,
    notes: row.notes,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
    photos_deleted_at: isoOrNull(row.photos_deleted_at),
    photo_links_expire_at: new Date(expires * 1000).toISOString(),
    photos: photoRows.map((p) => ({
      id: p.id,
      position: p.position,
      url: link(p.id, 'large'),
      width: p.large_width,
      height: p.large_height,
      thumb_url: link(p.id, 'thumb'),
      thumb_width: p.thumb_width,
      thumb_height: p.thumb_height,
    })),
    replies: replyRows.map(presentReply),
    bookings: bookingRows.map((b) => ({
      id: b.id,
      reference: b.reference,
      type_name: b.type_name ?? '',
      starts_at: new Date(b.starts_at).toISOString(),
      status: b.status,
    })),
    repair_job: job ? { id: job.id, reference: job.reference } : null,
  };
}

/**
 * Status and notes. Closing starts the photos' retention clock; reopening stops it. A change to a
 * status the customer should know of (MAILED_STATUSES) is mailed to them with the change.
 */
export async function updateQuoteRequest(deps: Pick<Deps, 'db' | 'config' | 'jobs'>, input: QuoteUpdateInput): Promise<QuoteDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await requests.findQuoteRequest(trx, input.id, { lock: true });
    if (!existing) throw AppError.notFound();
    const closedAt = input.status === undefined ? undefined : input.status === 'closed' ? (existing.closed_at ?? new Date()) : null;
    await requests.updateQuoteRequest(trx, input.id, {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(closedAt !== undefined ? { closed_at: closedAt } : {}),
    });
    const status = input.status;
    if (status === undefined || status === existing.status || !MAILED_STATUSES.includes(status) || existing.email === '') return false;
    await queueMail(deps, trx, {
      kind: 'quote-status-changed',
      to: existing.email,
      params: { quoteRequestId: existing.id, status: status as 'quoted' | 'booked' },
    });
    return true;
  });
  return getQuoteRequest(deps, input.id);
}

/**
 * The shop's answer: the price and the message are kept and mailed to the customer in the same
 * transaction. A request still `new` or `contacted` becomes `quoted` with it; that change is not
 * mailed again (the answer says more than the status mail would).
 */
export async function sendQuoteReply(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  adminId: number,
  input: QuoteReplyInput,
): Promise<QuoteDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await requests.findQuoteRequest(trx, input.id, { lock: true });
    if (!existing) throw AppError.notFound();
    if (existing.email === '') throw AppError.field('message', 'This request has no e-mail address any more: its account was deleted.');
    const reply = await replies.insertQuoteReply(trx, {
      quote_request_id: existing.id,
      price_pence: input.price,
      message: input.message,
      sent_by: adminId,
    });
    if (existing.status === 'new' || existing.status === 'contacted')
      await requests.updateQuoteRequest(trx, existing.id, { status: 'quoted' });
    await queueMail(deps, trx, { kind: 'quote-reply', to: existing.email, params: { replyId: reply.id } });
  });
  return getQuoteRequest(deps, input.id);
}

/** The request and its photos; the files go after the commit. */
export async function deleteQuoteRequest(deps: Pick<Deps, 'db' | 'storage' | 'log'>, id: number): Promise<void> {
  await deletePrivatePhotos(deps, async (trx) => {
    if (!(await requests.findQuoteRequest(trx, id, { lock: true }))) throw AppError.notFound();
    const photoKeys = await photos.deleteQuotePhotos(trx, id);
    await requests.deleteQuoteRequest(trx, id);
    return photoKeys;
  });
}
