/**
 * Quote request photos once stored: opening one behind a signed link, deleting files, and the
 * retention sweep. Sending a request is quote-submission.service.ts, the admin's triage
 * quote-triage.service.ts, a customer's own requests my-quotes.service.ts.
 *
 * Photos are stored privately, under keys no public URL serves, and shown to admins through
 * expiring signed links (docs/decisions/private-quote-photos.md).
 */
import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/app-deps.ts';
import * as requests from './quote-requests.repository.ts';
import * as photos from './quote-request-photos.repository.ts';
import type { QuotePhotoVariant } from './quote-photo-links.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

/** Deletes stored photo files; a file that will not go is logged (the orphan sweep takes it later). */
export async function deleteQuotePhotoFiles(deps: Pick<Deps, 'storage' | 'log'>, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'quote photo cleanup failed'))),
  );
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

const RETENTION_BATCH = 100;

/**
 * Deletes the photos of requests closed longer than QUOTE_PHOTO_RETENTION_DAYS and marks them
 * deleted. Each request is claimed by one atomic update first, so two copies of the site sweeping
 * at once never both work on it; the files go after the rows. Returns how many requests it cleared.
 */
export async function deleteExpiredQuotePhotos(deps: Deps, now = new Date()): Promise<number> {
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
      await deleteQuotePhotoFiles(deps, keys);
    }
    if (due.length < RETENTION_BATCH) return cleared;
  }
}
