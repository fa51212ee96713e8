/**
 * Queued mails no job will send (a backup restored into a new database carries `outgoing_mail`
 * but not the queue's own schema) get a send-mail job again, every ten minutes and at start.
 */
import { findQueuedMailWithoutJob } from '#server/mail/outgoing-mail.repository.ts';
import { sendMailJob } from './send-mail.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const mailRequeueJob = defineJob({
  name: 'mail-requeue',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', atStart: true },
  async run(deps) {
    const ids = await findQueuedMailWithoutJob(deps.db, sendMailJob.name, 60);
    for (const mailId of ids) await deps.jobs.send(sendMailJob, { mailId });
    if (ids.length) deps.log.info({ requeued: ids.length }, 'queued mails without a job queued again');
  },
});
