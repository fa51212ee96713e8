/** Activity log entries older than ACTIVITY_KEEP_DAYS (default 730), daily (activity/activity.service.ts). */
import { pruneActivity } from '#server/activity/activity.service.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const activityRetentionJob = defineJob({
  name: 'activity-retention',
  payload: z.object({}),
  schedule: { cron: '17 4 * * *' },
  expireInSeconds: 30 * 60,
  async run(deps, _data, job) {
    const pruned = await pruneActivity(deps, new Date(), () => job.closing());
    if (pruned) deps.log.info({ pruned }, 'activity log entries past retention removed');
  },
});
