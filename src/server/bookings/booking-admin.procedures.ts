// The admin's booking procedures (docs/rest-contract.md "Bookings", paths marked A): the bookings
// router mounts them under `admin` (`bookings.admin.list`).
import { z } from 'zod';
import { adminProcedure, checkedInput, router } from '#server/trpc.ts';
import {
  adminBookingListSchema,
  clashListSchema,
  adminBookingPageSchema,
  adminBookingSchema,
  adminBookingDetailSchema,
  adminBookingTypeSchema,
  adminBookingTypesSchema,
  blockedTimeSchema,
  blockedTimesSchema,
  bookingCountsSchema,
  bookingSettingsSchema,
} from '#shared/schemas/bookings.ts';
import {
  adminBookingCreateInput,
  adminBookingRangeInput,
  adminCancelInput,
  adminChangeDecisionInput,
  adminMarkInput,
  adminMoveInput,
  blockedTimeInput,
  bookingIdInput,
  bookingSettingsInput,
  bookingTypeInput,
  bookingTypeUpdateInput,
  cancelClashingInput,
  clashesInput,
} from '#shared/schemas/booking-inputs.ts';
import {
  cancelBookingByAdmin,
  countBookingsForBadge,
  decideChangeRequest,
  getAdminBooking,
  listBookingsBetween,
  markBooking,
  moveBooking,
} from './booking-admin.service.ts';
import {
  createBookingType,
  getBookingSettings,
  listAllBookingTypes,
  updateBookingSettings,
  updateBookingType,
} from './booking-setup.service.ts';
import { createBookingByAdmin } from './booking-creation.service.ts';
import { adminBookingFieldsCheck } from './bookings.input-checks.ts';
import { bankHolidayProcedures } from './bank-holidays.procedures.ts';
import { adminAvailabilityProcedures } from './admin-availability.procedures.ts';
import { addBlockedTime, cancelClashing, deleteBlockedTime, findClashes, listBlockedTimes } from './blocked-times.service.ts';

const tags = ['bookings'];
/** Every admin write changes what visitors read (the types, the next free estimate). */
const refreshes = { changesPublicContent: true } as const;

export const bookingAdminRouter = router({
  listTypes: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'GET', path: '/api/admin/booking-types', tags, summary: 'Every booking type, switched off ones too' },
    })
    .concat(checkedInput(z.object({})))
    .output(adminBookingTypesSchema)
    .query(({ ctx }) => listAllBookingTypes(ctx.deps)),

  createType: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'POST', path: '/api/admin/booking-types', tags, summary: 'Add a booking type' },
      rest: { successStatus: 201 },
      ...refreshes,
    })
    .concat(checkedInput(bookingTypeInput))
    .output(adminBookingTypeSchema)
    .mutation(({ ctx, input }) => createBookingType(ctx.deps, input)),

  updateType: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'PATCH', path: '/api/admin/booking-types/{id}', tags, summary: 'Change a booking type, or switch it off or on' },
      ...refreshes,
    })
    .concat(checkedInput(bookingTypeUpdateInput))
    .output(adminBookingTypeSchema)
    .mutation(({ ctx, input }) => updateBookingType(ctx.deps, input)),

  getSettings: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/booking-settings',
        tags,
        summary: 'The earliest booking, the horizon and the change cut-off',
      },
    })
    .concat(checkedInput(z.object({})))
    .output(bookingSettingsSchema)
    .query(({ ctx }) => getBookingSettings(ctx.deps)),

  updateSettings: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'PUT', path: '/api/admin/booking-settings', tags, summary: 'Replace the booking settings' },
      ...refreshes,
    })
    .concat(checkedInput(bookingSettingsInput))
    .output(bookingSettingsSchema)
    .mutation(({ ctx, input }) => updateBookingSettings(ctx.deps, input)),

  ...bankHolidayProcedures,
  ...adminAvailabilityProcedures,

  listBlockedTimes: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'GET', path: '/api/admin/blocked-times', tags, summary: 'Blocked times from now on' },
    })
    .concat(checkedInput(z.object({})))
    .output(blockedTimesSchema)
    .query(({ ctx }) => listBlockedTimes(ctx.deps)),

  addBlockedTime: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/blocked-times',
        tags,
        summary: "Block a day's hours; the clashing bookings are listed, and cancelled with a mail when asked",
      },
      rest: { successStatus: 201 },
      ...refreshes,
    })
    .concat(checkedInput(blockedTimeInput))
    .output(z.object({ blocked: blockedTimeSchema, clashes: z.array(adminBookingSchema) }))
    .mutation(({ ctx, input }) => addBlockedTime(ctx.deps, input)),

  deleteBlockedTime: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'DELETE', path: '/api/admin/blocked-times/{id}', tags, summary: 'Remove a blocked time' },
      rest: { successStatus: 204 },
      ...refreshes,
    })
    .concat(checkedInput(bookingIdInput))
    .output(z.void())
    .mutation(({ ctx, input }) => deleteBlockedTime(ctx.deps, input.id)),

  listClashes: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/booking-clashes',
        tags,
        summary: 'The bookings a closure or blocked time would clash with, before it is saved',
      },
    })
    .concat(checkedInput(clashesInput))
    .output(clashListSchema)
    .query(({ ctx, input }) => findClashes(ctx.deps, input)),

  cancelClashing: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/booking-clashes/cancel',
        tags,
        summary: 'Cancel the bookings a closure clashes with, each customer mailed the reason',
      },
      ...refreshes,
    })
    .concat(checkedInput(cancelClashingInput))
    .output(adminBookingListSchema)
    .mutation(({ ctx, input }) => cancelClashing(ctx.deps, input)),

  list: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/bookings',
        tags,
        summary: "The bookings from `from` to `to` (the shop's dates), by start",
      },
    })
    .concat(checkedInput(adminBookingRangeInput))
    .output(adminBookingPageSchema)
    .query(({ ctx, input }) => listBookingsBetween(ctx.deps, input)),

  create: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/bookings',
        tags,
        summary: 'Book a caller or a walk-in: a name and a UK telephone number are enough; no mail without an e-mail',
      },
      rest: { successStatus: 201 },
      ...refreshes,
    })
    .concat(checkedInput(adminBookingCreateInput, adminBookingFieldsCheck))
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => createBookingByAdmin(ctx.deps, input)),

  counts: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/bookings/counts',
        tags,
        summary: "New bookings and open change requests (the admin menu's badge)",
      },
    })
    .concat(checkedInput(z.object({})))
    .output(bookingCountsSchema)
    .query(({ ctx }) => countBookingsForBadge(ctx.deps)),

  get: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: { method: 'GET', path: '/api/admin/bookings/{id}', tags, summary: 'A booking; opening it clears its "new" badge' },
    })
    .concat(checkedInput(bookingIdInput))
    .output(adminBookingDetailSchema)
    .query(({ ctx, input }) => getAdminBooking(ctx.deps, input.id)),

  move: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/bookings/{id}/move',
        tags,
        summary: 'Move a booking; the customer is mailed a new .ics',
      },
      ...refreshes,
    })
    .concat(checkedInput(adminMoveInput))
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => moveBooking(ctx.deps, input.id, input.starts_at)),

  cancel: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/bookings/{id}/cancel',
        tags,
        summary: 'Cancel a booking with a reason the customer receives',
      },
      ...refreshes,
    })
    .concat(checkedInput(adminCancelInput))
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => cancelBookingByAdmin(ctx.deps, input.id, input.reason)),

  mark: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/bookings/{id}/status',
        tags,
        summary: 'Mark a booking attended or no-show (or booked again)',
      },
      changesPublicContent: false,
    })
    .concat(checkedInput(adminMarkInput))
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => markBooking(ctx.deps, input.id, input.status)),

  decideChange: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'POST',
        path: '/api/admin/bookings/{id}/change-request',
        tags,
        summary: "Accept the customer's change request (with the new time) or decline it",
      },
      ...refreshes,
    })
    .concat(checkedInput(adminChangeDecisionInput))
    .output(adminBookingSchema)
    .mutation(({ ctx, input }) => decideChangeRequest(ctx.deps, input)),
});
