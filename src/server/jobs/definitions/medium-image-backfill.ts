/**
 * Images stored before the medium variant existed get theirs (images/medium-backfill.ts), once
 * when a copy starts and nightly in the shop's time zone; the public pages then name it.
 */
import { backfillMediumVariants } from '#server/images/medium-backfill.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const mediumImageBackfillJob = defineJob({
  name: 'medium-image-backfill',
  payload: z.object({}),
  schedule: { cron: '30 3 * * *', inShopTimeZone: true, atStart: true },
  expireInSeconds: 60 * 60,
  async run(deps, _data, job) {
    const recorded = await backfillMediumVariants(deps, () => job.closing());
    if (recorded === 0) return;
    deps.log.info({ recorded }, 'medium image variants made');
    await job.publicContentChanged();
  },
});
