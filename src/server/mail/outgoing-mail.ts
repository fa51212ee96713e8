/**
 * Every e-mail goes through the queue (docs/decisions/durable-jobs-pg-boss.md): `queueMail` writes
 * an `outgoing_mail` row and its send-mail job in the caller's transaction, so the change and its
 * mail are kept together or not at all, and no request waits for a mail server. The sender is
 * woken after the commit by the queue itself (jobs/job-queue.ts `send`); it renders the message
 * when it goes (mail-delivery.ts). The kinds and what each carries: mail-kinds.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { sendMailJob } from '#server/jobs/definitions/send-mail.ts';
import { mailKindOf, mailPriorityOf, type QueuedMail } from './mail-kinds.ts';
import * as outgoing from './outgoing-mail.repository.ts';

export type { QueuedMail };

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Queues one mail in `trx` (the transaction of the change that causes it), its params checked by its
 * kind. `startAfter`: not sent before then (a mail held over the shop's quiet hours).
 */
export async function queueMail(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Executor,
  mail: QueuedMail,
  options: { startAfter?: Date } = {},
): Promise<string> {
  const kind = mailKindOf(mail.kind);
  const params = kind.params.parse(mail.params) as Record<string, unknown>;
  const id = randomUUID();
  // Until it is sent the row shows the kind's label, never a secret (the sent subject has none either).
  await outgoing.insertMail(trx, { id, kind: mail.kind, recipient: mail.to, subject: kind.label, params });
  await queueSendMail(deps, { id, kind: mail.kind }, trx, options.startAfter);
  return id;
}

/**
 * The send-mail job of a mail row (queued, resent, or requeued without a job), in `trx` when
 * given; an urgent kind's ahead of the rest (mail-kinds.ts).
 */
export async function queueSendMail(
  deps: Pick<AppDeps, 'jobs'>,
  mail: { id: string; kind: string },
  trx?: Executor,
  startAfter?: Date,
): Promise<void> {
  await deps.jobs.send(
    sendMailJob,
    { mailId: mail.id },
    { ...(trx ? { trx } : {}), ...(startAfter ? { startAfter } : {}), priority: mailPriorityOf(mail.kind) },
  );
}

/** Queues `mails` in one transaction of their own (no change of the caller's goes with them). */
export async function queueMails(deps: Pick<AppDeps, 'jobs' | 'db'>, mails: QueuedMail[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    for (const mail of mails) await queueMail(deps, trx, mail);
  });
}
