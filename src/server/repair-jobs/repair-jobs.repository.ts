// Every SQL statement on repair_jobs. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobsTable } from '#server/repair-jobs/repair-jobs.table.ts';
import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';

type Db = Kysely<Database>;
export type RepairJobRow = Selectable<RepairJobsTable>;
export type NewRepairJobRow = Insertable<RepairJobsTable>;

export async function insertRepairJob(db: Db, values: NewRepairJobRow): Promise<RepairJobRow> {
  return db.insertInto('repair_jobs').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findRepairJob(db: Db, id: number, options: { lock?: boolean } = {}): Promise<RepairJobRow | undefined> {
  let query = db.selectFrom('repair_jobs').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The job opened from a booking, if one was: a booking becomes one job at most. */
export async function findRepairJobOfBooking(db: Db, bookingId: number): Promise<RepairJobRow | undefined> {
  return db.selectFrom('repair_jobs').selectAll().where('booking_id', '=', bookingId).orderBy('id').executeTakeFirst();
}

/** The quote request's first job (repair_jobs_quote_request index). */
export async function findRepairJobOfQuoteRequest(db: Db, quoteRequestId: number): Promise<RepairJobRow | undefined> {
  return db.selectFrom('repair_jobs').selectAll().where('quote_request_id', '=', quoteRequestId).orderBy('id').executeTakeFirst();
}

export async function findRepairJobByTokenHash(db: Db, tokenHash: string): Promise<RepairJobRow | undefined> {
  return db.selectFrom('repair_jobs').selectAll().where('tracker_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Every job not yet collected, oldest first (the admin's board), with all jobs when `all`. */
export async function listRepairJobs(db: Db, options: { openOnly: boolean }): Promise<RepairJobRow[]> {
  let query = db.selectFrom('repair_jobs').selectAll();
  if (options.openOnly) query = query.where('collected_at', 'is', null);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** A customer's jobs: theirs by account, or by a verified e-mail address that matches. */
export async function findRepairJobsOfCustomer(db: Db, userId: number, verifiedEmail: string | null): Promise<RepairJobRow[]> {
  return db
    .selectFrom('repair_jobs')
    .selectAll()
    .where((eb) =>
      verifiedEmail
        ? eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(customer_email)`, '=', verifiedEmail.toLowerCase())])
        : eb('user_id', '=', userId),
    )
    .where('anonymised_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One page of a customer's jobs (as findRepairJobsOfCustomer), newest first, after the cursor (keyset on created_at, id). */
export async function findRepairJobPageOfCustomer(
  db: Db,
  userId: number,
  verifiedEmail: string | null,
  limit: number,
  cursor: Keyset | undefined,
): Promise<(RepairJobRow & { key_micros: string })[]> {
  let query = db
    .selectFrom('repair_jobs')
    .selectAll()
    .select(keysetMicros('created_at').as('key_micros'))
    .where((eb) =>
      verifiedEmail
        ? eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(customer_email)`, '=', verifiedEmail.toLowerCase())])
        : eb('user_id', '=', userId),
    )
    .where('anonymised_at', 'is', null);
  if (cursor) query = query.where(afterKeyset('created_at', 'id', cursor));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countJobsAtStage(db: Db, stageId: number): Promise<number> {
  const row = await db
    .selectFrom('repair_jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('stage_id', '=', stageId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateRepairJob(db: Db, id: number, values: Updateable<RepairJobsTable>): Promise<void> {
  await db
    .updateTable('repair_jobs')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The notified stage moves only from what the caller read: a mail job that runs twice sends once. */
export async function claimStageNotification(db: Db, id: number, from: number | null, to: number): Promise<boolean> {
  const result = await db
    .updateTable('repair_jobs')
    .set({ notified_stage_id: to })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('notified_stage_id', 'is', null) : eb('notified_stage_id', '=', from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Account deletion: the customer's details go (and the tracker link with them), the workshop's
 * record of the work stays. The jobs are the account's, and those under its address when verified.
 */
export async function anonymiseRepairJobsOfUser(
  db: Db,
  userId: number,
  verifiedEmail: string | null,
  now = new Date(),
): Promise<{ id: number; quote_request_id: number | null; booking_id: number | null }[]> {
  const rows = await db
    .updateTable('repair_jobs')
    .set({
      user_id: null,
      customer_name: 'Deleted user',
      customer_email: '',
      customer_telephone: null,
      registration: null,
      tracker_token_hash: null,
      tracker_revoked_at: now,
      anonymised_at: now,
      updated_at: now,
    })
    .where((eb) =>
      verifiedEmail
        ? eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(customer_email)`, '=', verifiedEmail.toLowerCase())])
        : eb('user_id', '=', userId),
    )
    .where('anonymised_at', 'is', null)
    .returning(['id', 'quote_request_id', 'booking_id'])
    .execute();
  return rows;
}

/** How many jobs not yet collected are at each stage (the dashboard); stages with none are absent. */
export async function countOpenJobsByStage(db: Db): Promise<{ stage_id: number; count: number }[]> {
  const rows = await db
    .selectFrom('repair_jobs')
    .select(['stage_id', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('collected_at', 'is', null)
    .groupBy('stage_id')
    .execute();
  return rows.map((r) => ({ stage_id: r.stage_id, count: Number(r.count) }));
}
