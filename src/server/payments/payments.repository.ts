// Every SQL statement on payments. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
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
