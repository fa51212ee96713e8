/**
 * Quote request photos once stored: finding one for its signed link, and the retention sweep.
 * Sending a request is quote-submission.service.ts, the admin's triage quote-triage.service.ts, a
 * customer's own requests my-quotes.service.ts.
 *
 * Photos are stored privately, under keys no public URL serves, and shown to admins through
 * expiring signed links (docs/decisions/private-quote-photos.md).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { deletePrivatePhotos, type StoredPrivatePhoto } from '#server/files/private-photos.ts';
import * as requests from './quote-requests.repository.ts';
import * as photos from './quote-request-photos.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

/** A photo behind a verified link (files/private-photo.route.ts): only admins see quote photos. */
export async function findQuotePhotoToShow(deps: Pick<Deps, 'db'>, photoId: number): Promise<StoredPrivatePhoto | undefined> {
  const photo = await photos.findQuotePhoto(deps.db, photoId);
  return photo && { large_key: photo.large_key, thumb_key: photo.thumb_key, shared: false };
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
      const keys = await deletePrivatePhotos(deps, async (trx) => {
        if (!(await requests.claimPhotoDeletion(trx, id, closedBefore, now))) return null;
        return photos.deleteQuotePhotos(trx, id);
      });
      if (keys !== null) cleared += 1;
    }
    if (due.length < RETENTION_BATCH) return cleared;
  }
}
