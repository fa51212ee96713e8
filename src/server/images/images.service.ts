/**
 * The life cycle of `images` rows and their files. A write that points a row at a new image goes
 * through replaceImage: the upload is processed and stored before the transaction opens (sharp is
 * slow), released again when the transaction fails, and the images the write replaced are
 * released after the commit, so no row or file is left behind either way.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import type { LocalFileStorage } from '#server/files/storage.ts';
import { processImage, type ImageSource, type ProcessedImage, type ProcessOptions } from './image-processing.ts';
import { deleteUnreferencedImages, findFileKeysOnlyInBin, findKeysInUse, insertImage, type StoredImage } from './images.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

/** Processes an upload and records it; if the row cannot be written, the files go again. */
export async function storeImage(
  deps: Pick<Deps, 'db' | 'storage'>,
  source: ImageSource,
  field: string,
  options: ProcessOptions = {},
): Promise<StoredImage> {
  const processed = await processImage(deps.storage, source, field, options);
  try {
    return await insertImage(deps.db, processed);
  } catch (error) {
    await deleteUnusedFiles(deps, [processed.original_key, processed.large_key, processed.thumb_key, processed.medium_key]);
    throw error;
  }
}

/**
 * Records an image that went through processImage ahead of time (the demo pictures, processed by
 * `npm run demo-images`): its files are copied from `from`, so a first start never loads sharp.
 */
export async function storePreparedImage(
  deps: Pick<Deps, 'db' | 'storage'>,
  prepared: ProcessedImage,
  from: LocalFileStorage,
): Promise<StoredImage> {
  const keys = [prepared.original_key, prepared.large_key, prepared.thumb_key, prepared.medium_key];
  try {
    for (const key of keys) await deps.storage.putFile(key, from.pathOf(key));
    return await insertImage(deps.db, prepared);
  } catch (error) {
    await deleteUnusedFiles(deps, keys);
    throw error;
  }
}

/**
 * Deletes the given image rows that nothing points at any more, then the files of those rows
 * that no remaining row shares. Call it after the transaction that dropped the references has
 * committed.
 */
async function releaseImages(deps: Pick<Deps, 'db' | 'storage'>, imageIds: Iterable<number | null | undefined>): Promise<void> {
  const ids = [...new Set([...imageIds].filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  await deleteUnusedFiles(deps, await deleteUnreferencedImages(deps.db, ids));
}

/** After a commit the change stands; a cleanup failure leaves a stray file, never a failed request. */
export async function releaseImagesQuietly(deps: Deps, imageIds: Iterable<number | null | undefined>): Promise<void> {
  try {
    await releaseImages(deps, imageIds);
  } catch (err) {
    deps.log.warn({ err }, 'image cleanup failed');
  }
}

export interface ImageUpload {
  /** A temporary file, moved into the store. */
  path: string;
  /** The form field a 422 for a file that is not a usable image stands on. */
  field: string;
}

/**
 * Runs `write` in a transaction with the stored upload (or null when there is none). `write`
 * returns its result and the ids of images its rows no longer point at.
 */
export async function replaceImage<T>(
  deps: Deps,
  upload: ImageUpload | null,
  write: (trx: Kysely<Database>, image: StoredImage | null) => Promise<{ result: T; replaced: (number | null)[] }>,
): Promise<T> {
  const image = upload ? await storeImage(deps, { path: upload.path }, upload.field, { moveSource: true }) : null;
  let outcome: { result: T; replaced: (number | null)[] };
  try {
    outcome = await deps.db.transaction().execute((trx) => write(trx, image));
  } catch (error) {
    if (image) await releaseImages(deps, [image.id]);
    throw error;
  }
  await releaseImagesQuietly(
    deps,
    outcome.replaced.filter((id) => id !== image?.id),
  );
  return outcome.result;
}

async function deleteUnusedFiles(deps: Pick<Deps, 'db' | 'storage'>, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const used = await findKeysInUse(deps.db, unique);
  await Promise.all(unique.filter((key) => !used.has(key)).map((key) => deps.storage.delete(key)));
}

/**
 * The public image files not to be served: every item that uses them is in the bin (restoring the
 * item serves them again). Files are shared by content, so one a live item also uses stays served.
 * The public snapshot holds them, so /media checks a set, not the database (plugins/media.ts).
 */
export function listMediaWithheld(deps: Pick<Deps, 'db'>): Promise<ReadonlySet<string>> {
  return findFileKeysOnlyInBin(deps.db);
}
