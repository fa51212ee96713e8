/**
 * Progress photos of a repair job: stored as the quote photos are (the image pipeline: type by
 * bytes, upright, EXIF and GPS stripped, WebP variants; private keys no public URL serves), shown
 * through short-lived signed links (tracker-links.ts). A photo is the customer's to see only when
 * the shop switches "show the customer" on (off when uploaded).
 */
import { newPrivatePhotoKeys } from '#server/files/private-photos.ts';
import type { Readable } from 'node:stream';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { ImageVariants } from '#server/images/image-processing.ts';
import { renderQuotePhotos, type QuotePhotoUpload } from '#server/quotes/quote-submission.service.ts';
import { deleteQuotePhotoFiles } from '#server/quotes/quotes.service.ts';
import type { RepairPhoto } from '#shared/schemas/repair-jobs.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as photos from './repair-job-photos.repository.ts';
import { repairPhotoLinkExpiry, repairPhotoPath, type RepairPhotoVariant } from './tracker-links.ts';

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
    for (const variants of rendered) rows.push({ repair_job_id: repairJobId, ...(await storePhoto(deps, variants, written)) });
    await deps.db.transaction().execute(async (trx) => {
      if (!(await jobs.findRepairJob(trx, repairJobId, { lock: true }))) throw AppError.notFound();
      await photos.insertRepairPhotos(trx, rows);
    });
  } catch (error) {
    await deleteQuotePhotoFiles(deps, written);
    throw error;
  }
}

async function storePhoto(deps: Pick<Deps, 'storage'>, variants: ImageVariants, written: string[]) {
  const { large_key, thumb_key } = newPrivatePhotoKeys('repair');
  written.push(large_key);
  await deps.storage.putBuffer(large_key, variants.large.data);
  written.push(thumb_key);
  await deps.storage.putBuffer(thumb_key, variants.thumb.data);
  return {
    large_key,
    large_width: variants.large.info.width,
    large_height: variants.large.info.height,
    thumb_key,
    thumb_width: variants.thumb.info.width,
    thumb_height: variants.thumb.info.height,
  };
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

/** A photo behind a verified link: its bytes and whether the customer may see it; null when it is gone. */
export async function openRepairPhoto(
  deps: Pick<Deps, 'db' | 'storage'>,
  photoId: number,
  variant: RepairPhotoVariant,
): Promise<{ stream: Readable; size: number | null; shared: boolean } | null> {
  const photo = await photos.findRepairPhoto(deps.db, photoId);
  if (!photo) return null;
  const key = variant === 'large' ? photo.large_key : photo.thumb_key;
  const size = await deps.storage.size(key);
  if (size === null) return null;
  return { stream: await deps.storage.openRead(key), size, shared: photo.shared };
}
