/**
 * Queued mails no job will send (a backup restored into a new database carries `outgoing_mail`
 * but not the queue's own schema) get a send-mail job again, every ten minutes and at start.
 */
import { findQueuedMailWithoutJob } from '#server/mail/outgoing-mail.repository.ts';
import { SEND_MAIL_JOB } from '#server/mail/outgoing-mail.ts';
import { defineJob } from '../job-definition.ts';

export const mailRequeueJob = defineJob({
  name: 'mail-requeue',
  schedule: { cron: '*/10 * * * *', atStart: true },
  async run(deps) {
    const ids = await findQueuedMailWithoutJob(deps.db, SEND_MAIL_JOB, 60);
    for (const mailId of ids) await deps.jobs.send(SEND_MAIL_JOB, { mailId });
    if (ids.length) deps.log.info({ requeued: ids.length }, 'queued mails without a job queued again');
  },
});
