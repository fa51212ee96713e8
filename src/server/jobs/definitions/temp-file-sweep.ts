/**
 * Temporary files a failed request could not remove (the process was busy, the disk full). Each
 * copy has its own temp folder, so this runs in every copy on its own timer, not from the queue.
 */
import { removeStaleTempFiles } from '#server/files/storage.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const tempFileSweepJob = defineJob({
  name: 'temp-file-sweep',
  payload: z.object({}),
  everyCopyMs: 10 * 60 * 1000,
  async run(deps) {
    const removed = await removeStaleTempFiles(deps.storage.tmpDir);
    if (removed) deps.log.info({ removed }, 'stale temporary files removed');
  },
});
