/**
 * Quote requests: a customer (visitor or signed in) describes the damage and sends up to six
 * photos; the shop triages them in the admin area; a customer sees their own at /account/quotes.
 *
 * The rules: every field and every photo is checked before anything is kept, and a refused request
 * keeps nothing (no row, no file). Photos go through the image pipeline (type by bytes, upright,
 * metadata and GPS stripped, WebP variants) but are stored privately, under keys no public URL
 * serves, and shown to admins through expiring signed links (docs/decisions/private-quote-photos.md).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError, isUniqueViolation } from '#server/errors.ts';
import { reserveAttempt } from '#server/auth/rate-limiter.ts';
import { renderImageVariants, type ImageVariants } from '#server/images/image-processing.ts';
import { queueMail, SEND_MAIL_JOB } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { forbiddenCharacterErrors } from '#server/validation/text-characters.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { QUOTE_PHOTO_MAX_BYTES, QUOTE_PHOTOS_MAX, QUOTE_REQUESTS_PER_HOUR, QUOTES_PAGE_SIZE } from '#shared/limits.ts';
import {
  QUOTE_HONEYPOT_FIELD,
  quoteRequestInput,
  type MyQuote,
  type MyQuotes,
  type QuoteCounts,
  type QuoteCreated,
  type QuoteDetail,
  type QuoteListInput,
  type ExportedQuote,
  type QuotePage,
  type QuoteUpdateInput,
} from '#shared/schemas/quotes.ts';
import { fieldErrorsFromZod } from '#shared/validation.ts';
import { QUOTE_STATUSES } from '#shared/value-sets.ts';
import * as requests from './quote-requests.repository.ts';
import * as photos from './quote-request-photos.repository.ts';
import { quotePhotoLinkExpiry, quotePhotoPath, type QuotePhotoVariant } from './quote-photo-links.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config' | 'mailer' | 'jobs' | 'publicContent'>;

// ---------------------------------------------------------------------------------------------
// sending a request

export const QUOTE_REQUEST_LIMIT = { limit: QUOTE_REQUESTS_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** Reserves one request for the client's address, before a byte of the body is read; 429 when used up. */
export async function reserveQuoteRequest(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  const attempt = await reserveAttempt(deps.rateLimiter, [{ key: `quote-request:${ip ?? ''}`, ...QUOTE_REQUEST_LIMIT }]);
  if (!attempt.allowed) throw AppError.tooManyRequests(attempt.retryAfterSeconds);
}

export const QUOTE_PHOTO_MESSAGES = {
  tooMany: `At most ${QUOTE_PHOTOS_MAX} photos can be sent with a request.`,
  tooLarge: (index: number) => `Photo ${index + 1} is too large: at most ${QUOTE_PHOTO_MAX_BYTES / 1024 / 1024} MB each.`,
  notUsable: (index: number, reason: string) => `Photo ${index + 1}: ${reason}`,
};

/** Unambiguous to read aloud on the phone: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newReference(now = new Date()): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `Q-${now.getUTCFullYear()}-${code}`;
}

/** Anything but nothing or blank text: a bot may send any type. */
function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

export interface QuotePhotoUpload {
  /** A temporary file (the caller removes it). */
  path: string;
}

/** A photo's variants once written, before its request's row exists. */
type StoredPhoto = Omit<photos.NewQuotePhotoRow, 'quote_request_id' | 'id' | 'created_at'>;

/** Writes a photo's two variants under new private keys; the keys written are added to `written` as they go. */
async function storePhoto(deps: Pick<Deps, 'storage'>, variants: ImageVariants, position: number, written: string[]): Promise<StoredPhoto> {
  const name = randomBytes(16).toString('hex');
  const large_key = `private/quotes/${name}-l.webp`;
  const thumb_key = `private/quotes/${name}-t.webp`;
  written.push(large_key);
  await deps.storage.putBuffer(large_key, variants.large.data);
  written.push(thumb_key);
  await deps.storage.putBuffer(thumb_key, variants.thumb.data);
  return {
    position,
    large_key,
    large_width: variants.large.info.width,
    large_height: variants.large.info.height,
    thumb_key,
    thumb_width: variants.thumb.info.width,
    thumb_height: variants.thumb.info.height,
  };
}

async function deleteFilesQuietly(deps: Pick<Deps, 'storage' | 'log'>, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'quote photo cleanup failed'))),
  );
}

/**
 * Checks the fields and every photo, then stores the photos and the request together: a refusal
 * or a failure part way leaves no row and no file. A filled honeypot gets the same kind of answer
 * with nothing stored and nothing sent.
 */
export async function createQuoteRequest(
  deps: Deps,
  fields: Record<string, unknown>,
  uploads: QuotePhotoUpload[],
  userId: number | null,
): Promise<QuoteCreated> {
  if (isFilled(fields[QUOTE_HONEYPOT_FIELD])) {
    deps.log.info('quote request honeypot filled; nothing stored');
    return { id: randomInt(1, 1_000_000), reference: newReference() };
  }
  const errors: FieldErrors = forbiddenCharacterErrors(fields) ?? {};
  const parsed = quoteRequestInput.safeParse(fields);
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(fieldErrorsFromZod(parsed.error))) errors[field] ??= messages;
  }
  if (uploads.length > QUOTE_PHOTOS_MAX) (errors.photos ??= []).push(QUOTE_PHOTO_MESSAGES.tooMany);
  // Rendered one at a time (sharp holds a photo's pixels while it works); only the small WebP
  // variants stay in memory until everything is known to be acceptable.
  const rendered: ImageVariants[] = [];
  for (const [index, upload] of uploads.slice(0, QUOTE_PHOTOS_MAX).entries()) {
    try {
      rendered.push(await renderImageVariants({ path: upload.path }, 'photos'));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
      (errors.photos ??= []).push(QUOTE_PHOTO_MESSAGES.notUsable(index, error.message));
    }
  }
  if (Object.keys(errors).length || !parsed.success) throw AppError.validation(errors);
  const input = parsed.data;

  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const [position, variants] of rendered.entries()) stored.push(await storePhoto(deps, variants, position, written));
    let row: requests.QuoteRequestRow | undefined;
    // A reference already taken (1 in 887 million a year) is tried again with a new one.
    for (let attempt = 1; !row; attempt++) {
      try {
        row = await deps.db.transaction().execute(async (trx) => {
          const inserted = await requests.insertQuoteRequest(trx, {
            reference: newReference(),
            user_id: userId,
            name: input.name,
            email: input.email,
            telephone: input.telephone,
            vehicle: input.vehicle,
            registration: input.registration,
            description: input.description,
            preferred_contact: input.preferred_contact,
          });
          await photos.insertQuotePhotos(
            trx,
            stored.map((p) => ({ ...p, quote_request_id: inserted.id })),
          );
          // The request and its two mails are kept together or not at all.
          await queueQuoteRequestMails(deps, trx, inserted, stored.length);
          return inserted;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
    deps.jobs.wake(SEND_MAIL_JOB);
    return { id: row.id, reference: row.reference };
  } catch (error) {
    await deleteFilesQuietly(deps, written);
    throw error;
  }
}

/** Queued with the request (mail/outgoing-mail.ts): a mail server that is down never undoes or slows it. */
async function queueQuoteRequestMails(deps: Deps, trx: Parameters<typeof queueMail>[1], row: requests.QuoteRequestRow, photoCount: number) {
  // The shop's copy goes to the e-mail address in its details (admin: Shop details).
  const shop = await readShop(deps);
  await queueMail(deps, trx, {
    kind: 'quote-request-shop',
    to: shop.email,
    params: {
      url: `${deps.config.appUrl}/admin/quotes/${row.id}`,
      request: {
        reference: row.reference,
        name: row.name,
        email: row.email,
        telephone: row.telephone,
        vehicle: row.vehicle,
        registration: row.registration,
        description: row.description,
        preferredContact: row.preferred_contact,
        photoCount,
      },
    },
  });
  await queueMail(deps, trx, {
    kind: 'quote-request-confirmation',
    to: row.email,
    params: { name: row.name, reference: row.reference, url: `${deps.config.appUrl}${row.user_id ? '/account/quotes' : '/'}` },
  });
}

// ---------------------------------------------------------------------------------------------
// the admin's triage

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
  await deleteFilesQuietly(deps, keys);
}

/** A photo behind a verified link: its bytes as a stream, or null when it is gone. */
export async function openQuotePhoto(
  deps: Pick<Deps, 'db' | 'storage'>,
  photoId: number,
  variant: QuotePhotoVariant,
): Promise<{ stream: Readable; size: number | null } | null> {
  const photo = await photos.findQuotePhoto(deps.db, photoId);
  if (!photo) return null;
  const key = variant === 'large' ? photo.large_key : photo.thumb_key;
  const size = await deps.storage.size(key);
  if (size === null) return null;
  return { stream: await deps.storage.openRead(key), size };
}

// ---------------------------------------------------------------------------------------------
// the customer's own

function presentMine(row: requests.QuoteRequestRow & { photo_count: number }): MyQuote {
  return {
    id: row.id,
    reference: row.reference,
    vehicle: row.vehicle,
    registration: row.registration,
    description: row.description,
    status: row.status,
    photo_count: row.photo_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number): Promise<MyQuotes> {
  return { data: (await requests.findQuoteRequestsOfUser(deps.db, userId)).map(presentMine) };
}

/** The customer's requests for their data export (account/data-export.service.ts): with the contact details they gave, without the shop's notes. */
export async function exportMyQuoteRequests(deps: Pick<Deps, 'db'>, userId: number): Promise<ExportedQuote[]> {
  return (await requests.findQuoteRequestsOfUser(deps.db, userId)).map((row) => ({
    ...presentMine(row),
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    preferred_contact: row.preferred_contact,
  }));
}

/** One of the customer's own; someone else's is a 404, exactly like one that does not exist. */
export async function getMyQuoteRequest(deps: Pick<Deps, 'db'>, userId: number, id: number): Promise<MyQuote> {
  const mine = (await requests.findQuoteRequestsOfUser(deps.db, userId)).find((r) => r.id === id);
  if (!mine) throw AppError.notFound();
  return presentMine(mine);
}

// ---------------------------------------------------------------------------------------------
// retention

const RETENTION_BATCH = 100;

/**
 * Deletes the photos of requests closed longer than QUOTE_PHOTO_RETENTION_DAYS and marks them
 * deleted. Each request is claimed by one atomic update first, so two copies of the site sweeping
 * at once never both work on it; the files go after the rows. Returns how many requests it cleared.
 */
export async function deleteExpiredQuotePhotos(deps: Pick<Deps, 'db' | 'storage' | 'log' | 'config'>, now = new Date()): Promise<number> {
  const closedBefore = new Date(now.getTime() - deps.config.quotePhotoRetentionDays * 24 * 60 * 60 * 1000);
  let cleared = 0;
  for (;;) {
    const due = await requests.findRequestsDueForPhotoDeletion(deps.db, closedBefore, RETENTION_BATCH);
    if (due.length === 0) return cleared;
    for (const id of due) {
      const keys = await deps.db.transaction().execute(async (trx) => {
        if (!(await requests.claimPhotoDeletion(trx, id, closedBefore, now))) return null;
        return photos.deleteQuotePhotos(trx, id);
      });
      if (keys === null) continue;
      cleared += 1;
      await deleteFilesQuietly(deps, keys);
    }
    if (due.length < RETENTION_BATCH) return cleared;
  }
}
