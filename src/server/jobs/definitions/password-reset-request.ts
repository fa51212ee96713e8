/**
 * "Forgot password": the request queues this job whatever the address, so its answer takes the
 * same time either way; the job looks the address up and, for an account, queues the reset mail.
 */
import { queueMails } from '#server/mail/outgoing-mail.ts';
import { findUserByEmailForMail } from '#server/users/users.repository.ts';
import { z } from 'zod';
import { defineJob } from '../job-definition.ts';

export const passwordResetRequestJob = defineJob({
  name: 'password-reset-request',
  payload: z.object({ email: z.string() }),
  retry: { limit: 13, delaySeconds: 15, backoff: true },
  expireInSeconds: 60,
  pollSeconds: 2,
  concurrency: 2,
  async run(deps, data) {
    const user = await findUserByEmailForMail(deps.db, data.email);
    if (!user) return;
    await queueMails(deps, [{ kind: 'password-reset', to: user.email, params: { userId: user.id } }]);
  },
});
