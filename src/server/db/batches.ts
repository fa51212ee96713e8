/**
 * Deleting in bounded batches: a sweep of a table that grew for years deletes a batch at a time,
 * each chosen by an index with a LIMIT, so every statement costs the same however large the table
 * is, holds its locks briefly, and on the embedded database lets other requests in between.
 */
export const SWEEP_BATCH = 2000;

/**
 * Calls `deleteBatch(limit)` until a batch deletes fewer than `limit` rows or the site is
 * closing (the next run finds the rest); the total deleted.
 */
export async function sweepInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  options: { limit?: number; closing?: () => boolean } = {},
): Promise<number> {
  const limit = options.limit ?? SWEEP_BATCH;
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(limit);
    total += deleted;
    if (deleted < limit || options.closing?.()) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
