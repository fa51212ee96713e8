/**
 * A content change an admin scheduled (versions/scheduled-changes.service.ts): queued, held until
 * its time, in the transaction that schedules it. The run claims its row by compare-and-set, so a
 * retry or a second copy changes nothing twice; a change that cannot be made is marked failed and
 * not retried. Only a failure of the database throws, and then pg-boss tries again.
 */
import { runScheduledChange, SCHEDULED_CHANGE_JOB } from '#server/versions/scheduled-changes.service.ts';
import { defineJob } from '../job-definition.ts';

export const scheduledContentChangeJob = defineJob<{ scheduledChangeId: number }>({
  name: SCHEDULED_CHANGE_JOB,
  // A held job that must not be lost to a short outage: several tries over about an hour.
  retry: { limit: 6, delaySeconds: 60, backoff: true },
  expireInSeconds: 5 * 60,
  // Due at a minute the admin chose: looked for at least this often by an idle worker.
  pollSeconds: 10,
  async run(deps, data, job) {
    if (await runScheduledChange(deps, Number(data.scheduledChangeId))) await job.publicContentChanged();
  },
});
