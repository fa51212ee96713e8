/** Ended sessions, ended rate-limit windows and old mail records go, every ten minutes, in bounded batches. */
import { deleteExpiredSessions } from '#server/auth/sessions.repository.ts';
import { deleteOldMail } from '#server/mail/outgoing-mail.repository.ts';
import { sweepInBatches } from '#server/db/batches.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

/** Sent and cancelled mails are kept this long on the Outgoing mail screen; failed ones until resent. */
export const MAIL_RECORD_DAYS = 30;

export const sessionSweepJob = defineJob({
  name: 'session-sweep',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *' },
  async run(deps, _data, job) {
    const closing = () => job.closing();
    await sweepInBatches((limit) => deleteExpiredSessions(deps.db, new Date(), limit), { closing });
    await deps.rateLimiter.sweepExpired();
    await sweepInBatches((limit) => deleteOldMail(deps.db, MAIL_RECORD_DAYS, limit), { closing });
  },
});
