/**
 * Every SQL statement on the `outgoing_mail` table: the e-mails the site sends, queued with the
 * change that causes them and marked by the send-mail job (docs/decisions/durable-jobs-pg-boss.md).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { SWEEP_BATCH } from '#server/db/batches.ts';
import type { MailKind, MailStatus } from '#shared/value-sets.ts';

import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';
type Db = Kysely<Database> | Transaction<Database>;

export async function insertMail(
  db: Db,
  mail: { id: string; kind: MailKind; recipient: string; subject: string; params: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('outgoing_mail')
    .values({ id: mail.id, kind: mail.kind, recipient: mail.recipient, subject: mail.subject, params: JSON.stringify(mail.params) })
    .execute();
}

export function findMail(db: Db, id: string) {
  return db.selectFrom('outgoing_mail').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the mail sent, unless it already was (the row is the record that it went: a job run twice sends once). */
export async function markMailSent(db: Db, id: string, subject: string): Promise<void> {
  await db
    .updateTable('outgoing_mail')
    .set({ status: 'sent', subject, attempts: sql<number>`attempts + 1`, sent_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** One failed attempt: the error (no credentials: see mail/mail-errors.ts), and `failed` when the retries are used up. */
export async function recordMailFailure(db: Db, id: string, error: string, final: boolean): Promise<void> {
  await db
    .updateTable('outgoing_mail')
    .set({
      status: final ? 'failed' : 'queued',
      attempts: sql<number>`attempts + 1`,
      last_error: error,
      first_failed_at: sql<Date>`coalesce(first_failed_at, now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .execute();
}

export async function markMailCancelled(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('outgoing_mail')
    .set({ status: 'cancelled', last_error: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .execute();
}

/** A failed mail queued again (the admin's resend): true when it was failed. */
export async function requeueFailedMail(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_mail')
    .set({ status: 'queued', first_failed_at: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'cancelled'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page, newest first, after `cursor` (keyset on the (status,) created_at, id indexes) or before a time. */
export function listMail(
  db: Db,
  options: { status?: MailStatus | undefined; limit: number; beforeCreatedAt?: Date | undefined; cursor?: Keyset | undefined },
) {
  let query = db
    .selectFrom('outgoing_mail')
    .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'updated_at', 'sent_at'])
    .select(keysetMicros('created_at').as('key_micros'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.status) query = query.where('status', '=', options.status);
  if (options.beforeCreatedAt) query = query.where('created_at', '<', options.beforeCreatedAt);
  if (options.cursor) query = query.where(afterKeyset('created_at', 'id', options.cursor));
  return query.execute();
}

export async function countMailByStatus(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom('outgoing_mail')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * The mails by status, each count stopping at `cap` + 1 (the Outgoing mail screen shows "10,000+"):
 * each is an index range of at most cap + 1 rows, so the summary every admin screen asks for costs
 * the same whatever the table holds.
 */
export async function countMailByStatusCapped(db: Db, cap: number): Promise<Record<MailStatus, number>> {
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0, cancelled: 0 };
  const statuses = Object.keys(counts) as MailStatus[];
  const { rows } = await sql<{ status: MailStatus; count: number }>`${sql.join(
    statuses.map(
      (status) =>
        sql`(select ${status}::text as status, count(*)::int as count from (select 1 from outgoing_mail where status = ${status} limit ${cap + 1}) capped)`,
    ),
    sql` union all `,
  )}`.execute(db);
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Mail not sent yet and mail that failed: the dashboard's counts, read from the partial index outgoing_mail_unsent (sent mail is never counted). */
export async function countUnsentMail(db: Db): Promise<{ queued: number; failed: number }> {
  const row = await db
    .selectFrom('outgoing_mail')
    .select([
      sql<number>`count(*) filter (where status = 'queued')::int`.as('queued'),
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
    ])
    .where('status', 'in', ['queued', 'failed'])
    .executeTakeFirstOrThrow();
  return { queued: Number(row.queued), failed: Number(row.failed) };
}

/**
 * Since when mail has been failing: the earliest first failure of a mail not sent (queued and
 * retrying, or failed) in the last `withinDays`, or null when nothing is failing.
 */
export async function findFailingSince(db: Db, withinDays = 7): Promise<Date | null> {
  const row = await db
    .selectFrom('outgoing_mail')
    .select(sql<Date | null>`min(first_failed_at)`.as('since'))
    .where('status', 'in', ['queued', 'failed'])
    .where('first_failed_at', 'is not', null)
    .where('created_at', '>', sql<Date>`now() - ${withinDays}::integer * interval '1 day'`)
    .executeTakeFirst();
  return row?.since ? new Date(row.since) : null;
}

/**
 * Queued mails no job will send: what a restored backup brings (the queue's own schema is not in
 * it) or what a job lost for good left. `jobNames` lists the queue the send-mail job reads.
 */
export async function findQueuedMailWithoutJob(
  db: Db,
  queueName: string,
  olderThanSeconds: number,
  limit = 100,
): Promise<{ id: string; kind: MailKind }[]> {
  const rows = await sql<{ id: string; kind: MailKind }>`
    select m.id, m.kind from outgoing_mail m
    where m.status = 'queued' and m.updated_at < now() - ${olderThanSeconds}::integer * interval '1 second'
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${queueName} and j.data->>'mailId' = m.id::text and j.state < 'completed')
    order by m.created_at limit ${limit}`.execute(db);
  return rows.rows;
}

export async function touchMail(db: Db, id: string): Promise<void> {
  await db
    .updateTable('outgoing_mail')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Up to `limit` sent and cancelled mails older than `days` (failed ones stay until an admin
 * resends them), chosen by the (status, created_at) index; a sweep repeats it.
 */
export async function deleteOldMail(db: Db, days: number, limit = SWEEP_BATCH): Promise<number> {
  const result = await db
    .deleteFrom('outgoing_mail')
    .where(
      'id',
      'in',
      db
        .selectFrom('outgoing_mail')
        .select('id')
        .where('status', 'in', ['sent', 'cancelled'])
        .where('created_at', '<', sql<Date>`now() - ${days}::integer * interval '1 day'`)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
