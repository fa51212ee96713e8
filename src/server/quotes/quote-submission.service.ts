/**
 * Sending a quote request: a customer (visitor or signed in) describes the damage and sends up to
 * six photos (POST /api/quote-requests, the quotes.create procedure).
 *
 * The rules: the fields are checked by the procedure's input (parseInput), every photo here before
 * anything is kept, and a refused request keeps nothing (no row, no file). Photos go through the
 * image pipeline (type by bytes, upright, metadata and GPS stripped, WebP variants) but are stored
 * privately (docs/decisions/private-quote-photos.md).
 */
import { randomInt } from 'node:crypto';
import { deletePrivatePhotoFiles, storePrivatePhoto } from '#server/files/private-photos.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { newReference } from '#server/references.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import { renderImageVariants, type ImageVariants } from '#server/images/image-processing.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { isProvenAddress } from '#server/mail/visitor-text.ts';
import { isHoneypotFilled } from '#server/validation/honeypot.ts';
import { QUOTE_PHOTOS_MAX, QUOTE_REQUESTS_PER_HOUR } from '#shared/limits.ts';
import { QUOTE_PHOTO_MESSAGES, type QuoteCreated, type QuoteRequestInput } from '#shared/schemas/quotes.ts';
import * as requests from './quote-requests.repository.ts';
import * as photos from './quote-request-photos.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config' | 'jobs' | 'publicContent'>;

export const QUOTE_REQUEST_LIMIT = { limit: QUOTE_REQUESTS_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** Reserves one request for the client's address, before a byte of the body is read; 429 when used up. */
export async function reserveQuoteRequest(deps: Pick<AppDeps, 'rateLimiter'>, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, { key: `quote-request:${ip ?? ''}`, ...QUOTE_REQUEST_LIMIT });
}

export interface QuotePhotoUpload {
  /** A temporary file (the caller removes it). */
  path: string;
}

/**
 * Every photo rendered, one at a time (sharp holds a photo's pixels while it works); only the small
 * WebP variants stay in memory. A photo that is not a usable image is a message naming it, in order.
 */
export async function renderQuotePhotos(uploads: QuotePhotoUpload[]): Promise<{ rendered: ImageVariants[]; errors: string[] }> {
  const rendered: ImageVariants[] = [];
  const errors: string[] = [];
  for (const [index, upload] of uploads.slice(0, QUOTE_PHOTOS_MAX).entries()) {
    try {
      rendered.push(await renderImageVariants({ path: upload.path }, 'photos'));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
      errors.push(QUOTE_PHOTO_MESSAGES.notUsable(index, error.message));
    }
  }
  if (uploads.length > QUOTE_PHOTOS_MAX) errors.unshift(QUOTE_PHOTO_MESSAGES.tooMany);
  return { rendered, errors };
}

/** A photo's variants once written, before its request's row exists. */
type StoredPhoto = Omit<photos.NewQuotePhotoRow, 'quote_request_id' | 'id' | 'created_at'>;

/**
 * Checks every photo, then stores the photos and the request together: a refusal or a failure part
 * way leaves no row and no file. A filled honeypot gets the same kind of answer with nothing stored
 * and nothing sent.
 */
export async function createQuoteRequest(
  deps: Deps,
  input: QuoteRequestInput,
  uploads: QuotePhotoUpload[],
  userId: number | null,
): Promise<QuoteCreated> {
  if (isHoneypotFilled(input)) {
    deps.log.info('quote request honeypot filled; nothing stored');
    return { id: randomInt(1, 1_000_000), reference: newReference('quote') };
  }
  const { rendered, errors } = await renderQuotePhotos(uploads);
  if (errors.length) throw AppError.validation({ photos: errors });

  const written: string[] = [];
  try {
    const stored: StoredPhoto[] = [];
    for (const [position, variants] of rendered.entries())
      stored.push({ position, ...(await storePrivatePhoto(deps.storage, 'quote', variants, written)) });
    let row: requests.QuoteRequestRow | undefined;
    // A reference already taken (1 in 887 million a year) is tried again with a new one.
    for (let attempt = 1; !row; attempt++) {
      try {
        row = await deps.db.transaction().execute(async (trx) => {
          const inserted = await requests.insertQuoteRequest(trx, {
            reference: newReference('quote'),
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
    return { id: row.id, reference: row.reference };
  } catch (error) {
    await deletePrivatePhotoFiles(deps, written);
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
    params: {
      name: row.name,
      reference: row.reference,
      url: `${deps.config.appUrl}${row.user_id ? '/account/quotes' : '/'}`,
      addressProven: await isProvenAddress(trx, row.user_id, row.email),
    },
  });
}
