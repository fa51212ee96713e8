/**
 * Payments (docs/rest-contract.md "Payments"): what a customer owes and the Stripe Checkout that
 * pays it, the shop's counter payments, refunds and a job's or booking's payment list. Money is
 * integer pence (docs/decisions/money-in-pence-and-vat-rounding.md); no amount a customer pays
 * ever comes from the client: the server works it out (payments/amount-due.ts).
 */
import { z } from 'zod';
import { integerField, messages, optionalString, requiredString } from '#shared/validation.ts';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES, REFUND_METHODS, REFUND_STATUSES } from '#shared/value-sets.ts';
import { trackerTokenField } from './repair-jobs.ts';
import { manageTokenInput } from './booking-inputs.ts';

/** £25,000: no single payment or refund is larger. */
export const PAYMENT_PENCE_MAX = 2_500_000;
export const PAYMENT_NOTE_MAX = 500;
export const REFUND_REASON_MAX = 500;

/** The counter's ways to pay: Stripe payments only come from Checkout and its webhook. */
export const COUNTER_PAYMENT_METHODS = ['card_machine', 'cash', 'bank_transfer'] as const;

export const PAYMENT_MESSAGES = {
  onlineOff: 'Online payments are not set up on this site: pay at the counter or ask the shop.',
  nothingDue: 'There is nothing to pay.',
  overRefund: 'A refund cannot be more than what is left of the payment.',
  notRefundable: 'Only a paid payment can be refunded.',
  noPaymentIntent: 'This Stripe payment has no payment to refund yet: refund it by hand.',
  stripeFailed: 'Stripe did not answer: try again in a moment.',
};

const id = (field: string) => integerField(field, 1, 2_147_483_647);
const amount = (field: string) => integerField(field, 1, PAYMENT_PENCE_MAX);

/** Where a payment sits on the admin's side: a booking or a repair job (its path segment). */
export const PAYMENT_MATTERS = ['bookings', 'repair-jobs'] as const;

export const bookingPaymentsInput = z.object({ id: id('id') });
export const jobPaymentsInput = z.object({ id: id('id') });

export const counterPaymentInput = z.object({
  id: id('id'),
  method: z.enum(COUNTER_PAYMENT_METHODS, {
    error: (issue) => (issue.input === undefined ? messages.required('method') : messages.in('method')),
  }),
  purpose: z
    .enum(PAYMENT_PURPOSES, { error: (issue) => (issue.input === undefined ? messages.required('purpose') : messages.in('purpose')) })
    .optional(),
  amount_pence: amount('amount_pence'),
  note: optionalString('note', PAYMENT_NOTE_MAX),
});
export type CounterPaymentInput = z.infer<typeof counterPaymentInput>;

export const refundInput = z.object({
  id: id('id'),
  amount_pence: amount('amount_pence'),
  reason: requiredString('reason', REFUND_REASON_MAX),
  /** stripe: through Stripe (a Stripe payment only); manual: money handed back by the shop, recorded here. */
  method: z.enum(REFUND_METHODS, { error: (issue) => (issue.input === undefined ? messages.required('method') : messages.in('method')) }),
});
export type RefundInput = z.infer<typeof refundInput>;

export const refundSchema = z.object({
  id: z.number().int(),
  amount_pence: z.number().int(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int().nullable(),
  repair_job_id: z.number().int().nullable(),
  purpose: z.enum(PAYMENT_PURPOSES),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount_pence: z.number().int(),
  /** What is left to refund: the amount less the pending and succeeded refunds (0 unless paid). */
  refundable_pence: z.number().int(),
  note: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A job's or a booking's payments, with what the customer still owes (server-side, payments/amount-due.ts). */
export const paymentsOfMatterSchema = z.object({
  payments: z.array(paymentSchema),
  due_pence: z.number().int(),
  online_payments: z.boolean(),
});
export type PaymentsOfMatter = z.infer<typeof paymentsOfMatterSchema>;

/** What a customer owes on a booking or job, and whether they can pay it online here. */
export const amountDueSchema = z.object({
  due_pence: z.number().int(),
  online_payments: z.boolean(),
});
export type AmountDue = z.infer<typeof amountDueSchema>;

export const checkoutSchema = z.object({
  /** Stripe's hosted checkout page: the client sends the browser there. */
  checkout_url: z.string(),
  amount_pence: z.number().int(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const manageDepositInput = manageTokenInput;
export const trackerCheckoutInput = z.object({ token: trackerTokenField });
export const myBookingDepositInput = z.object({ id: id('id') });
export const myRepairCheckoutInput = z.object({ id: id('id') });
