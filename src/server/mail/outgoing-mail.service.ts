/** The admin area's Outgoing mail screen: what was queued, sent and failed, and a resend for a failed mail. */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import {
  MAIL_COUNT_CAP,
  MAIL_FAILING_WARNING_MINUTES,
  OUTGOING_MAIL_PAGE_SIZE,
  type OutgoingMailListInput,
  type OutgoingMailPage,
  type OutgoingMailSummary,
} from '#shared/schemas/outgoing-mail.ts';
import type { MailStatus } from '#shared/value-sets.ts';
import * as outgoing from './outgoing-mail.repository.ts';
import { queueSendMail } from './outgoing-mail.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listOutgoingMail(deps: Pick<AppDeps, 'db'>, input: OutgoingMailListInput): Promise<OutgoingMailPage> {
  const limit = input.limit ?? OUTGOING_MAIL_PAGE_SIZE;
  const rows = await outgoing.listMail(deps.db, {
    status: input.status,
    limit: limit + 1,
    beforeCreatedAt: input.before ? new Date(input.before) : undefined,
    cursor: input.cursor ? decodeCursor(input.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.recipient,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      sentAt: r.sent_at ? iso(r.sent_at) : null,
    })),
    nextBefore: rows.length > limit && last ? iso(last.created_at) : null,
    next_cursor: rows.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

/**
 * The counts by status (each stopping past MAIL_COUNT_CAP) and whether mail has been failing long
 * enough to warn about (every admin screen's warning).
 */
export async function summariseOutgoingMail(deps: Pick<AppDeps, 'db'>, now = Date.now()): Promise<OutgoingMailSummary> {
  const [counts, since] = await Promise.all([
    outgoing.countMailByStatusCapped(deps.db, MAIL_COUNT_CAP),
    outgoing.findFailingSince(deps.db),
  ]);
  return {
    counts,
    failingSince: since ? since.toISOString() : null,
    warning: since !== null && now - since.getTime() > MAIL_FAILING_WARNING_MINUTES * 60 * 1000,
  };
}

/** For metrics and the System screen: the mails by status. */
export async function outgoingMailStats(deps: Pick<AppDeps, 'db'>): Promise<Record<MailStatus, number>> {
  return outgoing.countMailByStatus(deps.db);
}

/** Queues a failed (or cancelled) mail again, with a new job and a fresh set of retries. */
export async function resendOutgoingMail(deps: Pick<AppDeps, 'db' | 'jobs'>, id: string): Promise<void> {
  const mail = await outgoing.findMail(deps.db, id);
  if (!mail) throw AppError.notFound();
  if (mail.status === 'queued' || mail.status === 'sent') throw AppError.field('id', 'Only a failed or cancelled mail can be sent again.');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await outgoing.requeueFailedMail(trx, id))) throw AppError.field('id', 'Only a failed or cancelled mail can be sent again.');
    await queueSendMail(deps, mail, trx);
  });
}
