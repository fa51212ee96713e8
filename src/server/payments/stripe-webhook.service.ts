/**
 * Stripe's signed webhook, the one truth of an online payment (docs/decisions/stripe-webhook-is-the-truth.md):
 * the signature is checked with the SDK's constructEvent (a bad or missing one records nothing),
 * then, in ONE transaction, the event's id goes into stripe_events (ON CONFLICT DO NOTHING) and
 * only the delivery that kept it has an effect: a redelivery, or twenty at once, waits for the
 * first and then does nothing.
 *
 * checkout.session.completed (paid) marks the pending payment paid, with the activity log's entry
 * and the shop's notification; checkout.session.expired marks it expired; refund.* events carry
 * Stripe's word on a refund the shop made. Other events are kept and ignored.
 */
import type Stripe from 'stripe';
import type { AppDeps } from '#server/app-deps.ts';
import type { Actor } from '#server/activity/actor.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { notifyShop } from '#server/notifications/notifications.service.ts';
import { formatPence } from '#shared/format/money.ts';
import { screenPath } from '#shared/screen-paths.ts';
import type { RefundStatus } from '#shared/value-sets.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as payments from './payments.repository.ts';
import * as refunds from './refunds.repository.ts';
import { claimStripeEvent } from './stripe-events.repository.ts';
import { stripeClientOf } from './stripe-client.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'log' | 'jobs' | 'publicContent'>;
type Db = AppDeps['db'];

export const STRIPE_ACTOR: Actor = { userId: null, ip: null, label: 'Stripe' };

/** What the route answers: 400 for a delivery that is not Stripe's, 503 when payments are off, else 200. */
export type WebhookOutcome = { status: 200; duplicate: boolean } | { status: 400 | 503; message: string };

/** Checks the signature; undefined when it does not verify (or there is none). */
export async function verifyStripeEvent(
  deps: Pick<Deps, 'config'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<Stripe.Event | undefined> {
  const stripe = await stripeClientOf(deps.config);
  if (!stripe || !deps.config.stripe || !signature) return undefined;
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, deps.config.stripe.webhookSecret);
  } catch {
    return undefined;
  }
}

/** The matter a payment is about, for the log and the shop's mail: the job's, else the booking's. */
async function matterOf(db: Db, payment: payments.PaymentRow) {
  if (payment.repair_job_id !== null) {
    const job = await findRepairJob(db, payment.repair_job_id);
    return {
      type: 'repair_job',
      id: payment.repair_job_id,
      label: job?.reference ?? '',
      path: screenPath('adminRepair', { id: payment.repair_job_id }),
    };
  }
  if (payment.booking_id !== null) {
    const booking = await findBooking(db, payment.booking_id);
    return {
      type: 'booking',
      id: payment.booking_id,
      label: booking?.reference ?? '',
      path: screenPath('adminBooking', { id: payment.booking_id }),
    };
  }
  return { type: 'payment', id: payment.id, label: `Payment ${payment.id}`, path: screenPath('adminDashboard') };
}

async function sessionCompleted(deps: Deps, trx: Db, session: Stripe.Checkout.Session): Promise<void> {
  // A session completed without its money (a delayed method) waits for its async_payment_succeeded.
  if (session.payment_status !== 'paid') return;
  const payment = await payments.findPaymentByCheckoutSession(trx, session.id, { lock: true });
  if (!payment) {
    deps.log.warn({ session: session.id }, 'A completed Stripe checkout with no payment of ours');
    return;
  }
  if (session.amount_total !== null && session.amount_total !== payment.amount_pence) {
    // The amount is ours, fixed when the session was made: a different one is not this payment.
    deps.log.error({ paymentId: payment.id, session: session.id }, 'A completed Stripe checkout whose amount is not the payment’s');
    return;
  }
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const changed = await payments.settlePendingPayment(trx, payment.id, {
    status: 'paid',
    paid_at: new Date(),
    stripe_payment_intent_id: paymentIntent,
  });
  if (!changed) return;
  const matter = await matterOf(trx, payment);
  const amount = formatPence(payment.amount_pence);
  await recordActivity(trx, {
    actor: STRIPE_ACTOR,
    kind: 'payment-received-online',
    item: { type: matter.type, id: matter.id, label: matter.label },
    details: `${amount} ${payment.purpose}`,
  });
  await notifyShop(deps, trx, {
    kind: 'payment-received',
    reference: matter.label,
    summary: `${amount} paid online (${payment.purpose}).`,
    path: matter.path,
  });
}

async function sessionEnded(trx: Db, session: Stripe.Checkout.Session, status: 'expired' | 'failed'): Promise<void> {
  const payment = await payments.findPaymentByCheckoutSession(trx, session.id, { lock: true });
  if (payment) await payments.settlePendingPayment(trx, payment.id, { status });
}

const REFUND_STATUS_OF: Record<string, RefundStatus> = {
  succeeded: 'succeeded',
  pending: 'pending',
  requires_action: 'pending',
  failed: 'failed',
  canceled: 'failed',
};

async function refundChanged(trx: Db, refund: Stripe.Refund): Promise<void> {
  const status = REFUND_STATUS_OF[refund.status ?? ''];
  if (status) await refunds.updateRefundByStripeId(trx, refund.id, { status });
}

/** Handles one delivery: verified, then recorded once with its effect. */
export async function handleStripeWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  if (!deps.config.stripe) return { status: 503, message: 'Online payments are not set up on this site.' };
  const event = await verifyStripeEvent(deps, rawBody, signature);
  if (!event) return { status: 400, message: 'The Stripe signature is missing or does not verify.' };
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimStripeEvent(trx, event.id, event.type))) return { status: 200, duplicate: true } as const;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await sessionCompleted(deps, trx, event.data.object);
        break;
      case 'checkout.session.expired':
        await sessionEnded(trx, event.data.object, 'expired');
        break;
      case 'checkout.session.async_payment_failed':
        await sessionEnded(trx, event.data.object, 'failed');
        break;
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        await refundChanged(trx, event.data.object);
        break;
      default:
        break;
    }
    return { status: 200, duplicate: false } as const;
  });
}
