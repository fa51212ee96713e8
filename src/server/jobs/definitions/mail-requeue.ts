/**
 * Queued mails no job will send (a backup restored into a new database carries `outgoing_mail`
 * but not the queue's own schema) get a send-mail job again, every ten minutes and at start.
 */
import { findQueuedMailWithoutJob } from '#server/mail/outgoing-mail.repository.ts';
import { queueSendMail } from '#server/mail/outgoing-mail.ts';
import { sendMailJob } from './send-mail.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const mailRequeueJob = defineJob({
  name: 'mail-requeue',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', atStart: true },
  async run(deps) {
    const mails = await findQueuedMailWithoutJob(deps.db, sendMailJob.name, 60);
    for (const mail of mails) await queueSendMail(deps, mail);
    if (mails.length) deps.log.info({ requeued: mails.length }, 'queued mails without a job queued again');
  },
});
