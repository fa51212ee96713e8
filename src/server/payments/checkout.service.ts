/**
 * Paying online through Stripe Checkout (docs/decisions/stripe-webhook-is-the-truth.md): the
 * customer asks to pay a booking's deposit (its manage link, or their account) or a job's balance
 * (its tracker link, or their account); the amount is worked out here (amount-due.ts), a pending
 * payment row keeps the Checkout Session's id, and the answer is Stripe's hosted page to send the
 * browser to. Nothing is paid until Stripe's signed webhook says so (stripe-webhook.service.ts).
 */
import type Stripe from 'stripe';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { bookingByToken } from '#server/bookings/booking-manage.service.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { managePath } from '#server/bookings/manage-link.ts';
import { customerJobs, findJobByToken } from '#server/repair-jobs/repair-tracker.service.ts';
import { trackerUrl } from '#server/repair-jobs/tracker-links.ts';
import { screenPath } from '#shared/screen-paths.ts';
import { PAYMENT_MESSAGES, type AmountDue, type Checkout } from '#shared/schemas/payments.ts';
import type { PaymentPurpose } from '#shared/value-sets.ts';
import { balanceDueOfRepairJob, depositDueOfBooking } from './amount-due.ts';
import * as payments from './payments.repository.ts';
import { onlinePaymentsOn, requireStripe, stripeUnavailable } from './stripe-client.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'log'>;

/** A checkout left open this long is started afresh (Stripe's sessions last 24 hours). */
const REUSE_OPEN_SESSION_MS = 60 * 60 * 1000;

interface CheckoutOrder {
  matter: { booking_id: number } | { repair_job_id: number };
  purpose: PaymentPurpose;
  amountPence: number;
  /** What the customer reads on Stripe's page: "Deposit for booking B-2026-…". */
  description: string;
  customerEmail: string | null;
  /** Where Stripe sends the browser back (an absolute URL of this site). */
  returnUrl: string;
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** The Checkout Session for the order: an open one from a second click, or a new one with its pending payment. */
async function startCheckout(deps: Deps, order: CheckoutOrder): Promise<Checkout> {
  const { stripe } = await requireStripe(deps.config);
  if (order.amountPence <= 0) throw AppError.conflict(PAYMENT_MESSAGES.nothingDue, {}, {});
  const open = await payments.findPendingStripePayment(
    deps.db,
    order.matter,
    order.amountPence,
    new Date(Date.now() - REUSE_OPEN_SESSION_MS),
  );
  if (open?.stripe_checkout_session_id) {
    const session = await stripe.checkout.sessions.retrieve(open.stripe_checkout_session_id).catch(() => undefined);
    if (session?.status === 'open' && session.url) return { checkout_url: session.url, amount_pence: open.amount_pence };
  }
  const payment = await payments.insertPayment(deps.db, {
    ...order.matter,
    purpose: order.purpose,
    method: 'stripe',
    amount_pence: order.amountPence,
  });
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'gbp', unit_amount: order.amountPence, product_data: { name: order.description } } },
        ],
        client_reference_id: String(payment.id),
        metadata: { payment_id: String(payment.id) },
        ...(order.customerEmail ? { customer_email: order.customerEmail } : {}),
        success_url: withQuery(order.returnUrl, 'payment=done'),
        cancel_url: withQuery(order.returnUrl, 'payment=cancelled'),
      },
      // The same payment never makes two sessions, whatever the network does.
      { idempotencyKey: `checkout-payment-${payment.id}` },
    );
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message }, paymentId: payment.id }, 'Stripe refused or did not answer a checkout');
    await payments.updatePayment(deps.db, payment.id, { status: 'failed' });
    throw stripeUnavailable();
  }
  await payments.updatePayment(deps.db, payment.id, { stripe_checkout_session_id: session.id });
  if (!session.url) throw stripeUnavailable();
  return { checkout_url: session.url, amount_pence: order.amountPence };
}

// ---- A booking's deposit -----------------------------------------------------------------

type BookingRow = Awaited<ReturnType<typeof bookingByToken>>;

function depositOrder(booking: BookingRow, amountPence: number, returnUrl: string): CheckoutOrder {
  return {
    matter: { booking_id: booking.id },
    purpose: 'deposit',
    amountPence,
    description: `Deposit for booking ${booking.reference}`,
    customerEmail: booking.email || null,
    returnUrl,
  };
}

/** What the manage link's booking owes as a deposit. */
export async function depositOfManagedBooking(deps: Deps, token: string): Promise<AmountDue> {
  const booking = await bookingByToken(deps, token);
  return { due_pence: await depositDueOfBooking(deps.db, booking), online_payments: onlinePaymentsOn(deps.config) };
}

export async function checkoutManagedBookingDeposit(deps: Deps, token: string): Promise<Checkout> {
  const booking = await bookingByToken(deps, token);
  const due = await depositDueOfBooking(deps.db, booking);
  return startCheckout(deps, depositOrder(booking, due, `${deps.config.appUrl}${managePath(token)}`));
}

/** The signed-in customer's own booking; anyone else's is a 404 like an unknown one. */
async function myBooking(deps: Deps, user: SessionUser, id: number): Promise<BookingRow> {
  const booking = await findBooking(deps.db, id);
  if (!booking || booking.user_id !== user.id || booking.status === 'cancelled') throw AppError.notFound();
  return booking;
}

export async function checkoutMyBookingDeposit(deps: Deps, user: SessionUser, id: number): Promise<Checkout> {
  const booking = await myBooking(deps, user, id);
  const due = await depositDueOfBooking(deps.db, booking);
  return startCheckout(deps, depositOrder(booking, due, `${deps.config.appUrl}${screenPath('accountBookings')}`));
}

// ---- A repair job's balance --------------------------------------------------------------

type JobRow = NonNullable<Awaited<ReturnType<typeof findJobByToken>>>;

async function balanceOrder(deps: Deps, job: JobRow, returnUrl: string): Promise<CheckoutOrder> {
  const balance = await balanceDueOfRepairJob(deps.db, job);
  return {
    matter: { repair_job_id: job.id },
    purpose: balance.insured ? 'excess' : 'balance',
    amountPence: balance.due_pence,
    description: `${balance.insured ? 'Insurance excess' : 'Balance'} for repair ${job.reference}`,
    customerEmail: job.customer_email || null,
    returnUrl,
  };
}

export async function checkoutTrackerBalance(deps: Deps, token: string): Promise<Checkout> {
  const job = await findJobByToken(deps, token, Date.now());
  if (!job) throw AppError.notFound();
  return startCheckout(deps, await balanceOrder(deps, job, trackerUrl(deps.config.appUrl, token)));
}

export async function checkoutMyRepairBalance(deps: Deps, user: SessionUser, id: number): Promise<Checkout> {
  const job = (await customerJobs(deps, user)).find((j) => j.id === id);
  if (!job) throw AppError.notFound();
  return startCheckout(deps, await balanceOrder(deps, job, `${deps.config.appUrl}${screenPath('accountRepairs')}`));
}
