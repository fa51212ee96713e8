/**
 * Progress photos of a repair job: stored as the quote photos are (the image pipeline: type by
 * bytes, upright, EXIF and GPS stripped, WebP variants; private keys no public URL serves), shown
 * through short-lived signed links (tracker-links.ts). A photo is the customer's to see only when
 * the shop switches "show the customer" on (off when uploaded).
 */
import { deletePrivatePhotoFiles, storePrivatePhoto, type StoredPrivatePhoto } from '#server/files/private-photos.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { renderQuotePhotos, type QuotePhotoUpload } from '#server/quotes/quote-submission.service.ts';
import type { RepairPhoto } from '#shared/schemas/repair-jobs.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as photos from './repair-job-photos.repository.ts';
import { repairPhotoLinkExpiry, repairPhotoPath } from './tracker-links.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

/** Renders every photo first: a photo that is not a usable image refuses the whole upload (422 on photos). */
export async function addRepairPhotos(deps: Deps, repairJobId: number, uploads: QuotePhotoUpload[]): Promise<void> {
  if (!(await jobs.findRepairJob(deps.db, repairJobId))) throw AppError.notFound();
  if (uploads.length === 0) throw AppError.field('photos', 'The photos field is required.');
  const { rendered, errors } = await renderQuotePhotos(uploads);
  if (errors.length) throw AppError.validation({ photos: errors });
  const written: string[] = [];
  try {
    const rows: photos.NewRepairPhotoRow[] = [];
    for (const variants of rendered)
      rows.push({ repair_job_id: repairJobId, ...(await storePrivatePhoto(deps.storage, 'repair', variants, written)) });
    await deps.db.transaction().execute(async (trx) => {
      if (!(await jobs.findRepairJob(trx, repairJobId, { lock: true }))) throw AppError.notFound();
      await photos.insertRepairPhotos(trx, rows);
    });
  } catch (error) {
    await deletePrivatePhotoFiles(deps, written);
    throw error;
  }
}

/** A photo as either side sees it: signed links made now, never a stored key. */
export function presentRepairPhoto(appKey: Buffer, row: photos.RepairPhotoRow, now = Date.now()): RepairPhoto {
  const expires = repairPhotoLinkExpiry(now);
  return {
    id: row.id,
    url: repairPhotoPath(appKey, row.id, 'large', expires),
    width: row.large_width,
    height: row.large_height,
    thumb_url: repairPhotoPath(appKey, row.id, 'thumb', expires),
    thumb_width: row.thumb_width,
    thumb_height: row.thumb_height,
    created_at: row.created_at.toISOString(),
  };
}

/** A photo behind a verified link (files/private-photo.route.ts), with whether the customer may see it. */
export async function findRepairPhotoToShow(deps: Pick<Deps, 'db'>, photoId: number): Promise<StoredPrivatePhoto | undefined> {
  const photo = await photos.findRepairPhoto(deps.db, photoId);
  return photo && { large_key: photo.large_key, thumb_key: photo.thumb_key, shared: photo.shared };
}
