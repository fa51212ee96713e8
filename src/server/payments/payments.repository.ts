// Every SQL statement on payments. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { PaymentsTable } from './payments.table.ts';

type Db = Kysely<Database>;
export type PaymentRow = Selectable<PaymentsTable>;

export async function insertPayment(db: Db, values: Insertable<PaymentsTable>): Promise<PaymentRow> {
  return db.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A repair job's payments, oldest first; a job has a handful, so at most `limit`. */
export async function listPaymentsOfRepairJob(db: Db, repairJobId: number, limit = 100): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('repair_job_id', '=', repairJobId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * What a repair job has been paid, net of succeeded refunds, in pence, in one statement: its own
 * paid payments and those of its booking and quote request (a deposit is paid before the job exists).
 */
export async function netPaidPenceOfRepairJob(
  db: Db,
  job: { id: number; booking_id: number | null; quote_request_id: number | null },
): Promise<number> {
  const row = await db
    .selectFrom('payments as p')
    .select(
      sql<string>`coalesce(sum(p.amount_pence - coalesce((select sum(r.amount_pence) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0)), 0)`.as(
        'net',
      ),
    )
    .where('p.status', '=', 'paid')
    .where((eb) => {
      const matches = [eb('p.repair_job_id', '=', job.id)];
      if (job.booking_id !== null) matches.push(eb('p.booking_id', '=', job.booking_id));
      if (job.quote_request_id !== null) matches.push(eb('p.quote_request_id', '=', job.quote_request_id));
      return eb.or(matches);
    })
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

/**
 * Net paid of many repair jobs in one grouped statement, by the same rules as netPaidPenceOfRepairJob:
 * each job's own payments plus its booking's and its quote's, paid, net of succeeded refunds. A
 * payment matching a job in more than one way counts once for it (one joined row per job and payment).
 * Jobs with nothing paid are absent from the map (0).
 */
export async function netPaidPenceOfRepairJobs(db: Db, jobIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('repair_jobs as j')
    .innerJoin('payments as p', (join) =>
      join.on((eb) =>
        eb.or([
          eb('p.repair_job_id', '=', eb.ref('j.id')),
          eb('p.booking_id', '=', eb.ref('j.booking_id')),
          eb('p.quote_request_id', '=', eb.ref('j.quote_request_id')),
        ]),
      ),
    )
    .select('j.id as repair_job_id')
    .select(
      sql<string>`coalesce(sum(p.amount_pence - coalesce((select sum(r.amount_pence) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0)), 0)`.as(
        'net',
      ),
    )
    .where('j.id', 'in', [...jobIds])
    .where('p.status', '=', 'paid')
    .groupBy('j.id')
    .execute();
  for (const row of rows) out.set(row.repair_job_id, Number(row.net));
  return out;
}

export async function findPayment(db: Db, id: number, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  let query = db.selectFrom('payments').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPaymentByCheckoutSession(
  db: Db,
  sessionId: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | undefined> {
  let query = db.selectFrom('payments').selectAll().where('stripe_checkout_session_id', '=', sessionId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updatePayment(db: Db, id: number, values: Updateable<PaymentsTable>): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * A pending payment becomes paid (or expired, failed); one that is not pending any more stays as
 * it is, so a late or repeated event never undoes a payment. Returns whether it changed.
 */
export async function settlePendingPayment(db: Db, id: number, values: Updateable<PaymentsTable>): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A booking's own payments, oldest first (a handful). */
export async function listPaymentsOfBooking(db: Db, bookingId: number, limit = 100): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** What a booking has been paid (its deposit), net of succeeded refunds, in pence. */
export async function netPaidPenceOfBooking(db: Db, bookingId: number): Promise<number> {
  const row = await db
    .selectFrom('payments as p')
    .select(
      sql<string>`coalesce(sum(p.amount_pence - coalesce((select sum(r.amount_pence) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0)), 0)`.as(
        'net',
      ),
    )
    .where('p.status', '=', 'paid')
    .where('p.booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

/** The newest pending Stripe payment of this amount on a booking or job, made after `since`: a second click reuses its checkout. */
export async function findPendingStripePayment(
  db: Db,
  matter: { booking_id: number } | { repair_job_id: number },
  amountPence: number,
  since: Date,
): Promise<PaymentRow | undefined> {
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('method', '=', 'stripe')
    .where('status', '=', 'pending')
    .where('amount_pence', '=', amountPence)
    .where('stripe_checkout_session_id', 'is not', null)
    .where('created_at', '>', since);
  query =
    'booking_id' in matter ? query.where('booking_id', '=', matter.booking_id) : query.where('repair_job_id', '=', matter.repair_job_id);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}
