import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '#shared/value-sets.ts';

/**
 * A payment towards a matter (payments/payments.repository.ts): a quote request, a booking or a
 * repair job, at least one. Integer pence. A Stripe payment is pending until its signed webhook
 * marks it paid; a counter payment is paid when recorded.
 */
export interface PaymentsTable {
  id: Generated<number>;
  quote_request_id: number | null;
  booking_id: number | null;
  repair_job_id: number | null;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  amount_pence: number;
  currency: ColumnType<string, string | undefined, string>;
  stripe_checkout_session_id: string | null;
  stripe_payment_intent_id: string | null;
  note: ColumnType<string, string | undefined, string>;
  recorded_by: number | null;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
