/**
 * The nightly pruning of history: published versions older than VERSIONS_KEEP_DAYS and not among
 * their item's newest VERSIONS_KEEP_COUNT go, with the pictures only they kept. It walks the items
 * one by one and deletes each one's in bounded batches found by index, so a batch costs the same
 * whether the table holds a thousand versions or millions, and a closing server stops it between
 * batches (the rest goes the next night).
 */
import type { AppDeps } from '#server/app-deps.ts';
import { releaseImagesQuietly } from '#server/images/images.service.ts';
import * as versions from './content-versions.repository.ts';
import * as versionImages from './content-version-images.repository.ts';

/** Versions deleted per transaction. */
export const PRUNE_BATCH = 500;
/** Items looked at per step of the walk. */
const ITEMS_PER_STEP = 100;
/** Above every version number (an integer column): a keep-count of 0 keeps none by count. */
const ABOVE_EVERY_NUMBER = 2 ** 31 - 1;

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

async function deleteBatch(deps: Deps, ids: number[]): Promise<void> {
  const imageIds = await deps.db.transaction().execute(async (trx) => {
    const images = await versionImages.listImagesOfVersions(trx, ids);
    await versions.deleteVersions(trx, ids);
    return images;
  });
  await releaseImagesQuietly(deps, imageIds);
}

/** Deletes the versions past keeping; returns how many went. */
export async function pruneVersions(deps: Deps, closing: () => boolean = () => false, batchSize = PRUNE_BATCH): Promise<number> {
  const { versionsKeepDays: keepDays, versionsKeepCount: keepCount } = deps.config;
  let total = 0;
  let after: versions.ItemKey | undefined;
  for (;;) {
    const items = await versions.listItemsWithVersions(deps.db, after, ITEMS_PER_STEP);
    for (const item of items) {
      const keepFrom = keepCount > 0 ? await versions.findKeepFromNumber(deps.db, item, keepCount) : ABOVE_EVERY_NUMBER;
      if (keepFrom === undefined) continue;
      for (;;) {
        const ids = await versions.listItemVersionsPastKeeping(deps.db, item, keepFrom, keepDays, batchSize);
        if (ids.length === 0) break;
        await deleteBatch(deps, ids);
        total += ids.length;
        if (closing()) return total;
        if (ids.length < batchSize) break;
      }
    }
    if (items.length < ITEMS_PER_STEP || closing()) return total;
    after = items.at(-1);
  }
}
