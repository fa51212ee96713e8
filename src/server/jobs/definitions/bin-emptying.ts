/** Galleries, testimonials and widgets in the bin longer than BIN_KEEP_DAYS (default 30), daily (bin/bin.service.ts). */
import { emptyBin } from '#server/bin/bin.service.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const binEmptyingJob = defineJob({
  name: 'bin-emptying',
  payload: z.object({}),
  schedule: { cron: '47 3 * * *' },
  expireInSeconds: 30 * 60,
  async run(deps) {
    const purged = await emptyBin(deps);
    if (purged) deps.log.info({ purged }, 'items past their time in the bin deleted for good');
  },
});
