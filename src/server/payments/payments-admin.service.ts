/**
 * The shop's side of payments (the `payments` permission: owners and the estimator at the desk):
 * a job's or a booking's payments with their refunds and what is still due; a counter payment
 * (card machine, cash, bank transfer) recorded as paid; a refund, through Stripe's API for a
 * Stripe payment or recorded by hand, never more than what is left of the payment. Each payment
 * and refund is in the activity log.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { AppError } from '#server/errors.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import { formatPence } from '#shared/format/money.ts';
import {
  PAYMENT_MESSAGES,
  type CounterPaymentInput,
  type Payment,
  type PaymentsOfMatter,
  type RefundInput,
} from '#shared/schemas/payments.ts';
import { balanceDueOfRepairJob, depositDueOfBooking } from './amount-due.ts';
import * as payments from './payments.repository.ts';
import * as refunds from './refunds.repository.ts';
import { onlinePaymentsOn, requireStripe, stripeUnavailable } from './stripe-client.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'log'>;
type Db = AppDeps['db'];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function present(row: payments.PaymentRow, of: refunds.RefundRow[]): Payment {
  const given = of.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_pence, 0);
  return {
    id: row.id,
    booking_id: row.booking_id,
    repair_job_id: row.repair_job_id,
    purpose: row.purpose,
    method: row.method,
    status: row.status,
    amount_pence: row.amount_pence,
    refundable_pence: row.status === 'paid' ? Math.max(0, row.amount_pence - given) : 0,
    note: row.note,
    paid_at: iso(row.paid_at),
    created_at: iso(row.created_at)!,
    refunds: of.map((r) => ({
      id: r.id,
      amount_pence: r.amount_pence,
      method: r.method,
      status: r.status,
      reason: r.reason,
      created_at: iso(r.created_at)!,
    })),
  };
}

async function presentAll(db: Db, rows: payments.PaymentRow[]): Promise<Payment[]> {
  const all = await refunds.listRefundsOfPayments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    present(
      row,
      all.filter((r) => r.payment_id === row.id),
    ),
  );
}

async function jobOrNotFound(db: Db, id: number) {
  const job = await findRepairJob(db, id);
  if (!job) throw AppError.notFound();
  return job;
}

async function bookingOrNotFound(db: Db, id: number) {
  const booking = await findBooking(db, id);
  if (!booking) throw AppError.notFound();
  return booking;
}

/** A job's payments: its own, and the deposit of its booking (paid before the job existed). */
export async function paymentsOfJob(deps: Deps, id: number, db: Db = deps.db): Promise<PaymentsOfMatter> {
  const job = await jobOrNotFound(db, id);
  const own = await payments.listPaymentsOfRepairJob(db, job.id);
  const ofBooking = job.booking_id === null ? [] : await payments.listPaymentsOfBooking(db, job.booking_id);
  const rows = [...ofBooking, ...own.filter((p) => !ofBooking.some((b) => b.id === p.id))];
  return {
    payments: await presentAll(db, rows),
    due_pence: (await balanceDueOfRepairJob(db, job)).due_pence,
    online_payments: onlinePaymentsOn(deps.config),
  };
}

export async function paymentsOfBooking(deps: Deps, id: number, db: Db = deps.db): Promise<PaymentsOfMatter> {
  const booking = await bookingOrNotFound(db, id);
  return {
    payments: await presentAll(db, await payments.listPaymentsOfBooking(db, booking.id)),
    due_pence: await depositDueOfBooking(db, booking),
    online_payments: onlinePaymentsOn(deps.config),
  };
}

/** A counter payment on a job: paid when recorded, by whoever took it. */
export async function recordJobPayment(deps: Deps, actor: Actor, input: CounterPaymentInput): Promise<PaymentsOfMatter> {
  return deps.db.transaction().execute(async (trx) => {
    const job = await findRepairJob(trx, input.id, { lock: true });
    if (!job) throw AppError.notFound();
    await insertCounterPayment(trx, actor, input, { repair_job_id: job.id }, 'balance', {
      type: 'repair_job',
      id: job.id,
      label: job.reference,
    });
    return paymentsOfJob(deps, job.id, trx);
  });
}

/** A counter payment on a booking (a deposit, unless said otherwise). */
export async function recordBookingPayment(deps: Deps, actor: Actor, input: CounterPaymentInput): Promise<PaymentsOfMatter> {
  return deps.db.transaction().execute(async (trx) => {
    const booking = await findBooking(trx, input.id, { lock: true });
    if (!booking) throw AppError.notFound();
    await insertCounterPayment(trx, actor, input, { booking_id: booking.id }, 'deposit', {
      type: 'booking',
      id: booking.id,
      label: booking.reference,
    });
    return paymentsOfBooking(deps, booking.id, trx);
  });
}

/** The payment row, paid now, and its activity entry: the same for a job and a booking. */
async function insertCounterPayment(
  trx: Db,
  actor: Actor,
  input: CounterPaymentInput,
  matter: { repair_job_id: number } | { booking_id: number },
  purpose: NonNullable<CounterPaymentInput['purpose']>,
  item: { type: 'repair_job' | 'booking'; id: number; label: string },
): Promise<void> {
  await payments.insertPayment(trx, {
    ...matter,
    purpose: input.purpose ?? purpose,
    method: input.method,
    status: 'paid',
    amount_pence: input.amount_pence,
    note: input.note ?? '',
    recorded_by: actor.userId,
    paid_at: new Date(),
  });
  await recordActivity(trx, {
    actor,
    kind: 'payment-recorded',
    item,
    details: `${formatPence(input.amount_pence)} ${input.method.replace('_', ' ')}`,
  });
}

/**
 * A refund of (part of) a paid payment. The payment is locked while what is left is worked out
 * and the refund row is written (pending for Stripe), so two refunds at once cannot give back
 * more than was paid (422 on amount_pence). Stripe's refund is then asked for with the row's id
 * as the idempotency key; its answer (or a later refund.* event) settles the row.
 */
export async function refundPayment(deps: Deps, actor: Actor, input: RefundInput): Promise<Payment> {
  // Before anything is written: a Stripe refund needs the keys.
  const stripe = input.method === 'stripe' ? (await requireStripe(deps.config)).stripe : undefined;
  const { refund, payment } = await deps.db.transaction().execute(async (trx) => {
    const payment = await payments.findPayment(trx, input.id, { lock: true });
    if (!payment) throw AppError.notFound();
    if (payment.status !== 'paid') throw AppError.field('amount_pence', PAYMENT_MESSAGES.notRefundable);
    if (input.method === 'stripe' && (payment.method !== 'stripe' || !payment.stripe_payment_intent_id)) {
      throw AppError.field('method', payment.method === 'stripe' ? PAYMENT_MESSAGES.noPaymentIntent : PAYMENT_MESSAGES.notRefundable);
    }
    const left = payment.amount_pence - (await refunds.refundedPenceOfPayment(trx, payment.id));
    if (input.amount_pence > left) throw AppError.field('amount_pence', PAYMENT_MESSAGES.overRefund);
    const refund = await refunds.insertRefund(trx, {
      payment_id: payment.id,
      amount_pence: input.amount_pence,
      method: input.method,
      status: input.method === 'stripe' ? 'pending' : 'succeeded',
      reason: input.reason,
      recorded_by: actor.userId,
    });
    await recordActivity(trx, {
      actor,
      kind: 'refund-recorded',
      item:
        payment.repair_job_id !== null ? { type: 'repair_job', id: payment.repair_job_id } : { type: 'booking', id: payment.booking_id },
      details: `${formatPence(input.amount_pence)} ${input.method}`,
    });
    return { refund, payment };
  });
  if (stripe) {
    try {
      const made = await stripe.refunds.create(
        {
          payment_intent: payment.stripe_payment_intent_id!,
          amount: input.amount_pence,
          metadata: { refund_id: String(refund.id), payment_id: String(payment.id) },
        },
        { idempotencyKey: `refund-${refund.id}` },
      );
      await refunds.updateRefund(deps.db, refund.id, {
        stripe_refund_id: made.id,
        status: made.status === 'succeeded' ? 'succeeded' : made.status === 'failed' || made.status === 'canceled' ? 'failed' : 'pending',
      });
    } catch (error) {
      deps.log.warn({ err: { message: (error as Error).message }, refundId: refund.id }, 'Stripe refused or did not answer a refund');
      await refunds.updateRefund(deps.db, refund.id, { status: 'failed' });
      throw stripeUnavailable();
    }
  }
  const [row] = await presentAll(deps.db, [(await payments.findPayment(deps.db, payment.id))!]);
  return row!;
}
