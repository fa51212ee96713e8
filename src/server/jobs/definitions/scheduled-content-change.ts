/**
 * A content change an admin scheduled (versions/scheduled-changes.service.ts; its run: scheduled-change-run.ts): queued, held until
 * its time, in the transaction that schedules it. The run claims its row by compare-and-set, so a
 * retry or a second copy changes nothing twice; a change that cannot be made is marked failed and
 * not retried. Only a failure of the database throws, and then pg-boss tries again.
 */
import { z } from 'zod';
import { runScheduledChange } from '#server/versions/scheduled-change-run.ts';
import { defineJob } from '../job-definition.ts';

export const scheduledContentChangeJob = defineJob({
  name: 'scheduled-content-change',
  payload: z.object({ scheduledChangeId: z.number().int() }),
  // A held job that must not be lost to a short outage: several tries over about an hour.
  retry: { limit: 6, delaySeconds: 60, backoff: true },
  expireInSeconds: 5 * 60,
  // Due at a minute the admin chose: looked for at least this often by an idle worker.
  pollSeconds: 10,
  // Changes due the same minute run together; each claims and locks its own item, so two on one item wait for each other.
  concurrency: 3,
  async run(deps, data, job) {
    if (await runScheduledChange(deps, data.scheduledChangeId)) await job.publicContentChanged();
  },
});
