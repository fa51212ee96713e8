/** Versions past keeping (VERSIONS_KEEP_DAYS, VERSIONS_KEEP_COUNT) go, nightly, with pictures only they kept. */
import { pruneVersions } from '#server/versions/version-pruning.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const versionsPruneJob = defineJob({
  name: 'versions-prune',
  payload: z.object({}),
  schedule: { cron: '40 3 * * *', inShopTimeZone: true },
  async run(deps, _data, job) {
    const pruned = await pruneVersions(deps, () => job.closing());
    if (pruned > 0) deps.log.info({ pruned }, 'old content versions pruned');
  },
});
