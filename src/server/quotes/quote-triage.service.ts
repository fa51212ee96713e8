/**
 * The admin's triage of quote requests (docs/rest-contract.md "Quote requests", paths marked A):
 * the list, the counts per status, one request with signed links to its photos, status and notes,
 * deleting one with its photo files.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { QUOTES_PAGE_SIZE } from '#shared/limits.ts';
import type { QuoteCounts, QuoteDetail, QuoteListInput, QuotePage, QuoteUpdateInput } from '#shared/schemas/quotes.ts';
import { QUOTE_STATUSES } from '#shared/value-sets.ts';
import * as requests from './quote-requests.repository.ts';
import * as photos from './quote-request-photos.repository.ts';
import { quotePhotoLinkExpiry, quotePhotoPath, type QuotePhotoVariant } from './quote-photo-links.ts';
import { deleteQuotePhotoFiles } from './quotes.service.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export async function listQuoteRequests(deps: Pick<Deps, 'db'>, input: QuoteListInput): Promise<QuotePage> {
  const page = input.page ?? 1;
  const { rows, total } = await requests.findQuoteRequestPage(
    deps.db,
    { status: input.status, search: input.search || undefined },
    QUOTES_PAGE_SIZE,
    (page - 1) * QUOTES_PAGE_SIZE,
  );
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
    per_page: QUOTES_PAGE_SIZE,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE)),
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
  const photoRows = await photos.findQuotePhotos(deps.db, id);
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
  };
}

/** Status and notes. Closing starts the photos' retention clock; reopening stops it. */
export async function updateQuoteRequest(deps: Pick<Deps, 'db' | 'config'>, input: QuoteUpdateInput): Promise<QuoteDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await requests.findQuoteRequest(trx, input.id, { lock: true });
    if (!existing) throw AppError.notFound();
    const closedAt = input.status === undefined ? undefined : input.status === 'closed' ? (existing.closed_at ?? new Date()) : null;
    await requests.updateQuoteRequest(trx, input.id, {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(closedAt !== undefined ? { closed_at: closedAt } : {}),
    });
  });
  return getQuoteRequest(deps, input.id);
}

/** The request and its photos; the files go after the commit. */
export async function deleteQuoteRequest(deps: Pick<Deps, 'db' | 'storage' | 'log'>, id: number): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    if (!(await requests.findQuoteRequest(trx, id, { lock: true }))) throw AppError.notFound();
    const photoKeys = await photos.deleteQuotePhotos(trx, id);
    await requests.deleteQuoteRequest(trx, id);
    return photoKeys;
  });
  await deleteQuotePhotoFiles(deps, keys);
}
