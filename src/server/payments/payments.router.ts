// Payments (docs/rest-contract.md "Payments"): the customer's deposit and balance through Stripe
// Checkout (by the private link, or in the account), and the shop's payments and refunds under
// `admin` (the `payments` permission: owners and estimators). Stripe's webhook is a route of its
// own (stripe-webhook.route.ts): it needs the raw body.
import { actorOf } from '#server/activity/actor.ts';
import { adminProcedure, checkedInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import {
  amountDueSchema,
  bookingPaymentsInput,
  checkoutSchema,
  counterPaymentInput,
  jobPaymentsInput,
  manageDepositInput,
  myBookingDepositInput,
  myRepairCheckoutInput,
  paymentSchema,
  paymentsOfMatterSchema,
  refundInput,
  trackerCheckoutInput,
} from '#shared/schemas/payments.ts';
import {
  checkoutManagedBookingDeposit,
  checkoutMyBookingDeposit,
  checkoutMyRepairBalance,
  checkoutTrackerBalance,
  depositOfManagedBooking,
} from './checkout.service.ts';
import { paymentsOfBooking, paymentsOfJob, recordBookingPayment, recordJobPayment, refundPayment } from './payments-admin.service.ts';

const tags = ['payments'];

export const paymentsRouter = router({
  manageDeposit: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/bookings/manage/{token}/deposit',
        tags,
        summary: "The deposit the manage link's booking still owes (pence) and whether it can be paid online here",
        protect: false,
      },
    })
    .concat(checkedInput(manageDepositInput))
    .output(amountDueSchema)
    .query(({ ctx, input }) => depositOfManagedBooking(ctx.deps, input.token)),

  manageDepositCheckout: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings/manage/{token}/deposit/checkout',
        tags,
        summary:
          "Start paying the booking's deposit: a Stripe Checkout page for the amount the server works out (409 nothing due, 503 online payments off)",
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(manageDepositInput))
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => checkoutManagedBookingDeposit(ctx.deps, input.token)),

  trackerCheckout: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/repair-tracker/{token}/checkout',
        tags,
        summary:
          "Start paying the job's balance (an insured job: the excess) through Stripe Checkout (409 nothing due, 503 online payments off)",
        protect: false,
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(trackerCheckoutInput))
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => checkoutTrackerBalance(ctx.deps, input.token)),

  myBookingDepositCheckout: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/user/bookings/{id}/deposit/checkout',
        tags,
        summary: "Start paying one of the signed-in customer's booking deposits (another's is a 404)",
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(myBookingDepositInput))
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => checkoutMyBookingDeposit(ctx.deps, ctx.user, input.id)),

  myRepairCheckout: signedInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/user/repairs/{id}/checkout',
        tags,
        summary: "Start paying the balance of one of the signed-in customer's repair jobs (another's is a 404)",
      },
      rest: { successStatus: 201 },
    })
    .concat(checkedInput(myRepairCheckoutInput))
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => checkoutMyRepairBalance(ctx.deps, ctx.user, input.id)),

  admin: router({
    ofJob: adminProcedure
      .meta({
        permission: 'payments',
        openapi: {
          method: 'GET',
          path: '/api/repair-jobs/{id}/payments',
          tags,
          summary: "A job's payments (and its booking's deposit) with their refunds, and the balance due",
        },
      })
      .concat(checkedInput(jobPaymentsInput))
      .output(paymentsOfMatterSchema)
      .query(({ ctx, input }) => paymentsOfJob(ctx.deps, input.id)),

    recordJobPayment: adminProcedure
      .meta({
        permission: 'payments',
        openapi: {
          method: 'POST',
          path: '/api/repair-jobs/{id}/payments',
          tags,
          summary: 'Record a counter payment on a job: card_machine, cash or bank_transfer, amount in pence, a note',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(counterPaymentInput))
      .output(paymentsOfMatterSchema)
      .mutation(({ ctx, input }) => recordJobPayment(ctx.deps, actorOf(ctx), input)),

    ofBooking: adminProcedure
      .meta({
        permission: 'payments',
        openapi: {
          method: 'GET',
          path: '/api/admin/bookings/{id}/payments',
          tags,
          summary: "A booking's payments with their refunds, and the deposit due",
        },
      })
      .concat(checkedInput(bookingPaymentsInput))
      .output(paymentsOfMatterSchema)
      .query(({ ctx, input }) => paymentsOfBooking(ctx.deps, input.id)),

    recordBookingPayment: adminProcedure
      .meta({
        permission: 'payments',
        openapi: {
          method: 'POST',
          path: '/api/admin/bookings/{id}/payments',
          tags,
          summary: 'Record a counter payment on a booking (its deposit): card_machine, cash or bank_transfer, amount in pence, a note',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(counterPaymentInput))
      .output(paymentsOfMatterSchema)
      .mutation(({ ctx, input }) => recordBookingPayment(ctx.deps, actorOf(ctx), input)),

    refund: adminProcedure
      .meta({
        permission: 'payments',
        openapi: {
          method: 'POST',
          path: '/api/payments/{id}/refunds',
          tags,
          summary:
            'Refund (part of) a paid payment with a reason: through Stripe (method stripe) or recorded by hand (manual); never more than is left (422)',
        },
        rest: { successStatus: 201 },
        changesPublicContent: false,
      })
      .concat(checkedInput(refundInput))
      .output(paymentSchema)
      .mutation(({ ctx, input }) => refundPayment(ctx.deps, actorOf(ctx), input)),
  }),
});
