/** Stored files no row names, older than an hour (files/orphan-sweep.ts), hourly. */
import { sweepOrphanFiles } from '#server/files/orphan-sweep.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const orphanFileSweepJob = defineJob({
  name: 'orphan-file-sweep',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  expireInSeconds: 30 * 60,
  async run(deps) {
    const deleted = await sweepOrphanFiles(deps);
    if (deleted) deps.log.info({ deleted }, 'orphan files removed');
  },
});
