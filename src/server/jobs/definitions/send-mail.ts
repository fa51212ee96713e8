/** Sends one queued e-mail (mail/outgoing-mail.ts): tries for about a day and a half, then failed and kept for the admin. */
import { z } from 'zod';
import { deliverMail } from '#server/mail/mail-delivery.ts';
import { defineJob } from '../job-definition.ts';

/**
 * 13 retries, the n-th after 15 s × 2^n (up to twice that, jittered): at least 15 × (2^13 − 1) s,
 * 34 hours, before the mail is marked failed; the first tries come 15–30 s, 30–60 s … apart, so a
 * mail server back after a minute gets the mail within a couple of minutes.
 */
export const SEND_MAIL_RETRY = { limit: 13, delaySeconds: 15, backoff: true } as const;

export const sendMailJob = defineJob({
  name: 'send-mail',
  payload: z.object({ mailId: z.string() }),
  retry: SEND_MAIL_RETRY,
  // The mailer's own timeouts end a hanging server's attempt within ~40 s (mail/mailer.ts).
  expireInSeconds: 90,
  pollSeconds: 2,
  // Several at once: each waits on the mail server's answer, not on this process (urgent kinds
  // first: mail-kinds.ts). Bounded, so a burst does not open a connection per mail.
  concurrency: 5,
  async run(deps, data, job) {
    await deliverMail(deps, data.mailId, job.retryCount >= job.retryLimit);
  },
});
