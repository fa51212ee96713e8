// Online booking (docs/rest-contract.md "Bookings"): the types and their free slots, a customer's
// booking, the private manage link and the signed-in customer's list; the admin's under `admin`.
import { z } from 'zod';
import { accountPageInput } from '#shared/schemas/paging.ts';
import { checkedInput, countedBeforeInput, publicProcedure, router, signedInProcedure } from '#server/trpc.ts';
import {
  availabilitySchema,
  bookingCreatedSchema,
  bookingSummarySchema,
  bookingTypesSchema,
  customerBookingSchema,
  myBookingsSchema,
} from '#shared/schemas/bookings.ts';
import {
  bookingAvailabilityInput,
  bookingCreateInput,
  manageRequestChangeInput,
  manageRescheduleInput,
  manageTokenInput,
} from '#shared/schemas/booking-inputs.ts';
import { getAvailability, listActiveBookingTypes, listMyBookings } from './bookings.service.ts';
import { createBooking, reserveBookingRequest } from './booking-creation.service.ts';
import { cancelManagedBooking, getManagedBooking, requestBookingChange, rescheduleManagedBooking } from './booking-manage.service.ts';
import { readBookingSummary } from './booking-summary.service.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { bookingAdminRouter } from './booking-admin.procedures.ts';
import { bookingFieldsCheck } from './bookings.input-checks.ts';

export const bookingsRouter = router({
  types: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/booking-types',
        tags: ['bookings'],
        summary: 'The kinds of booking a customer can make',
        protect: false,
      },
    })
    .concat(checkedInput(z.object({})))
    .output(bookingTypesSchema)
    .query(({ ctx }) => listActiveBookingTypes(ctx.deps)),

  /** The public snapshot's part: the types and the next free estimate (home, contact, /book). */
  summary: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/booking-summary',
        tags: ['bookings'],
        summary: 'The types that can be booked and the next free estimate slot',
        protect: false,
      },
    })
    .concat(checkedInput(z.object({})))
    .output(bookingSummarySchema)
    .query(({ ctx }) => readBookingSummary(ctx.deps, () => readShop(ctx.deps))),

  availability: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/booking-types/{type_id}/availability',
        tags: ['bookings'],
        summary: "A type's days from `from` to `to` (the shop's dates): open, full or closed, with their times and places left",
        protect: false,
      },
    })
    .concat(checkedInput(bookingAvailabilityInput))
    .output(availabilitySchema)
    .query(({ ctx, input }) => getAvailability(ctx.deps, input)),

  /** A visitor or a signed-in customer books a slot; the answer carries the manage link's token. */
  create: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings',
        tags: ['bookings'],
        summary: 'Book a slot (409 with the next free slots when the last place just went)',
        protect: false,
      },
      rest: { successStatus: 201 },
      // The next free estimate on the home and contact pages follows the bookings.
      changesPublicContent: true,
    })
    .use(countedBeforeInput(reserveBookingRequest))
    .concat(checkedInput(bookingCreateInput, bookingFieldsCheck))
    .output(bookingCreatedSchema)
    .mutation(({ ctx, input }) => createBooking(ctx.deps, input, ctx.user?.id ?? null)),

  manageGet: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'GET',
        path: '/api/bookings/manage/{token}',
        tags: ['bookings'],
        summary: "A booking by its private manage link's token",
        protect: false,
      },
    })
    .concat(checkedInput(manageTokenInput))
    .output(customerBookingSchema)
    .query(({ ctx, input }) => getManagedBooking(ctx.deps, input.token)),

  manageReschedule: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings/manage/{token}/reschedule',
        tags: ['bookings'],
        summary: 'Move the booking to another free time, until the cut-off',
        protect: false,
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(manageRescheduleInput))
    .output(customerBookingSchema)
    .mutation(({ ctx, input }) => rescheduleManagedBooking(ctx.deps, input.token, input.starts_at)),

  manageCancel: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings/manage/{token}/cancel',
        tags: ['bookings'],
        summary: 'Cancel the booking, until the cut-off',
        protect: false,
      },
      changesPublicContent: true,
    })
    .concat(checkedInput(manageTokenInput))
    .output(customerBookingSchema)
    .mutation(({ ctx, input }) => cancelManagedBooking(ctx.deps, input.token)),

  manageRequestChange: publicProcedure
    .meta({
      personalAnswer: true,
      openapi: {
        method: 'POST',
        path: '/api/bookings/manage/{token}/change-request',
        tags: ['bookings'],
        summary: 'Ask the shop for a change (after the cut-off); the shop accepts or declines',
        protect: false,
      },
    })
    .concat(checkedInput(manageRequestChangeInput))
    .output(customerBookingSchema)
    .mutation(({ ctx, input }) => requestBookingChange(ctx.deps, input.token, input.message)),

  mine: signedInProcedure
    .meta({ openapi: { method: 'GET', path: '/api/user/bookings', tags: ['bookings'], summary: "The signed-in customer's bookings" } })
    .concat(checkedInput(accountPageInput))
    .output(myBookingsSchema)
    .query(({ ctx, input }) => listMyBookings(ctx.deps, ctx.user.id, input)),

  /** The admin's types, settings, blocked times and calendar (docs/architecture.md: admin procedures nested). */
  admin: bookingAdminRouter,
});
