/**
 * Removes stored files no row names: what a copy of the site leaves when it is killed after its
 * files went up and before its row was written (a failed upload cleans up after itself). Only
 * files older than an hour, so an upload in progress is never touched; it deletes nothing a row
 * names, so several copies running it at once is harmless.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { findKeysInUse } from '#server/images/images.repository.ts';
import { findCvKeysInUse } from '#server/users/users.repository.ts';
import { findQuotePhotoKeysInUse } from '#server/quotes/quote-request-photos.repository.ts';
import { findRepairPhotoKeysInUse } from '#server/repair-jobs/repair-job-photos.repository.ts';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Where uploads are stored, and which table names them. */
const SWEPT = [
  { prefix: 'public/img/', findInUse: findKeysInUse },
  { prefix: 'private/originals/', findInUse: findKeysInUse },
  { prefix: 'private/cv/', findInUse: findCvKeysInUse },
  { prefix: 'private/quotes/', findInUse: findQuotePhotoKeysInUse },
  { prefix: 'private/repairs/', findInUse: findRepairPhotoKeysInUse },
] as const;

/** Returns how many files it deleted. */
export async function sweepOrphanFiles(deps: Pick<AppDeps, 'db' | 'storage'>, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const { prefix, findInUse } of SWEPT) {
    const deleteUnnamed = async (keys: string[]) => {
      if (keys.length === 0) return;
      const used = await findInUse(deps.db, keys);
      for (const key of keys.filter((k) => !used.has(k))) {
        await deps.storage.delete(key);
        deleted += 1;
      }
    };
    let batch: string[] = [];
    for await (const { key, modifiedAt } of deps.storage.list(prefix)) {
      if (now - modifiedAt.getTime() < ORPHAN_MIN_AGE_MS) continue;
      batch.push(key);
      if (batch.length >= BATCH) {
        await deleteUnnamed(batch);
        batch = [];
      }
    }
    await deleteUnnamed(batch);
  }
  return deleted;
}
