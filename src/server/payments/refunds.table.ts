import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { RefundMethod, RefundStatus } from '#shared/value-sets.ts';

/** A refund of (part of) a payment, through Stripe or by hand, with its reason (payments/refunds.repository.ts). */
export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_pence: number;
  method: RefundMethod;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  reason: ColumnType<string, string | undefined, string>;
  stripe_refund_id: string | null;
  recorded_by: number | null;
  created_at: Timestamp;
}
