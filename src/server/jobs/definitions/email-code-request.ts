/**
 * "E-mail me a code": the request queues this job whatever the address, so its answer takes the
 * same time either way; the job looks the address up and, for an account, queues the code's mail
 * (the code itself is made when the mail goes: mail/outgoing-mail.ts). Safe to run twice: a second
 * run queues a second mail, whose new code replaces the first.
 */
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { findUserByEmailForMail } from '#server/users/users.repository.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const emailCodeRequestJob = defineJob({
  name: 'email-code-request',
  payload: z.object({ email: z.string(), requestedAt: z.string() }),
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 2,
  concurrency: 2,
  async run(deps, data) {
    const user = await findUserByEmailForMail(deps.db, data.email);
    if (!user) return;
    await queueMails(deps, [{ kind: 'login-code', to: user.email, params: { userId: user.id, requestedAt: data.requestedAt } }]);
  },
});
