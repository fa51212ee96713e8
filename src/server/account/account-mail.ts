/** The verification e-mail, queued at registration, on resend and after an e-mail change (mail/outgoing-mail.ts). */
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';

/** Queues the mail in `trx`, the transaction that creates or changes the address. */
export async function queueVerificationMail(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Kysely<Database> | Transaction<Database>,
  user: { id: number; email: string },
): Promise<void> {
  await queueMail(deps, trx, { kind: 'verification', to: user.email, params: { userId: user.id } });
}
