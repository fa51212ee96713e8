// Every SQL statement on refunds. Repositories never open a transaction: the service does.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RefundsTable } from './refunds.table.ts';

type Db = Kysely<Database>;
export type RefundRow = Selectable<RefundsTable>;

export async function insertRefund(db: Db, values: Insertable<RefundsTable>): Promise<RefundRow> {
  return db.insertInto('refunds').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRefund(db: Db, id: number, values: Updateable<RefundsTable>): Promise<void> {
  await db.updateTable('refunds').set(values).where('id', '=', id).execute();
}

/** Stripe's word on a refund it made (a refund.* event); returns the refund, undefined when it is not ours. */
export async function updateRefundByStripeId(
  db: Db,
  stripeRefundId: string,
  values: Updateable<RefundsTable>,
): Promise<RefundRow | undefined> {
  return db.updateTable('refunds').set(values).where('stripe_refund_id', '=', stripeRefundId).returningAll().executeTakeFirst();
}

/** The refunds of the given payments, oldest first, in one statement. */
export async function listRefundsOfPayments(db: Db, paymentIds: readonly number[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** What is already given back or on its way (pending and succeeded refunds) of a payment, in pence. */
export async function refundedPenceOfPayment(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<string>`coalesce(sum(amount_pence), 0)`.as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
