// The answers of the booking procedures (docs/rest-contract.md "Bookings"): the types a customer
// can book, the free slots of a type, a booking as its customer and as the shop sees it, the
// refusals' messages. Their inputs are in booking-inputs.ts.
import { z } from 'zod';
import { BANK_HOLIDAY_REGIONS, BOOKING_STATUSES, DEPOSIT_KINDS } from '#shared/value-sets.ts';

/** The 422s of a start time the rules refuse (each on `starts_at`), and of a type switched off. */
export const BOOKING_MESSAGES = {
  depositAmount: 'Enter the deposit amount, or ask for no deposit.',
  depositShare: 'Enter the deposit percentage, or ask for no deposit.',
  past: 'That time has already passed. Please pick another.',
  outOfRange: 'That day cannot be booked online. Please pick a day within the dates offered.',
  closed: 'The shop is closed on that day. Please pick another day.',
  outsideHours: 'That time is not one of the times offered. Please pick one from the list.',
  full: 'That time is fully booked. Please pick another.',
  taken: 'Someone has just booked the last place at that time. Please pick another.',
  typeOff: 'This kind of booking cannot be made online at the moment.',
  locationRequired: 'Please tell us where the vehicle or boat is: a postcode, marina or berth.',
  quoteNotYours: 'The selected quote request is invalid.',
  tooLate: 'This booking can no longer be changed online. Please ask for a change instead.',
  notChangeable: 'This booking can no longer be changed.',
} as const;

export const bookingTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number().int(),
  capacity: z.number().int(),
  asks_location: z.boolean(),
});
export type BookingType = z.infer<typeof bookingTypeSchema>;
export const bookingTypesSchema = z.object({ data: z.array(bookingTypeSchema) });

export const slotSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The shop's wall-clock time, "10:20". */
  time: z.string(),
  free: z.number().int(),
  /** False when the time is already inside the change cut-off: booked, it can't be changed online. */
  changeable_online: z.boolean(),
});
export type SlotView = z.infer<typeof slotSchema>;

export const availabilitySchema = z.object({
  type_id: z.number().int(),
  time_zone: z.string(),
  /** The first and last days that can be booked now. */
  first_date: z.string(),
  last_date: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      status: z.enum(['open', 'full', 'closed']),
      /** The bank holiday that closes the day ("Christmas Day"), or null. */
      bank_holiday: z.string().nullable(),
      slots: z.array(slotSchema),
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The booking as its customer sees it (the confirmation, the manage page, /account/bookings). */
export const customerBookingSchema = z.object({
  reference: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(BOOKING_STATUSES),
  name: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  location: z.string().nullable(),
  /** Until when the customer can reschedule or cancel online (ISO). */
  change_until: z.string(),
  can_change: z.boolean(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

export const bookingCreatedSchema = customerBookingSchema.extend({
  /** The private manage link's token: shown once on the confirmation page and in the e-mail. */
  manage_token: z.string(),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** 409 when the last place went to another request at the same moment: the next free slots. */
export const BOOKING_NEXT_SLOTS_COUNT = 5;

/**
 * What every visitor reads about booking, from the public snapshot: the types switched on and the
 * next free slot of the first one ("Next free estimate: Thursday 10:20" on the home and contact pages).
 */
export const bookingSummarySchema = z.object({
  types: z.array(bookingTypeSchema),
  next_free_estimate: z
    .object({
      /** The type the slot is of (/book?type=…&at=… opens on it). */
      type_id: z.number().int(),
      starts_at: z.string(),
      /** "Thursday 10:20" within the week, "Thursday 3 December, 10:20" further on (the shop's time). */
      label: z.string(),
    })
    .nullable(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

/** A booking in the customer's data export: what they gave and what happened to it. */
export const exportedBookingSchema = z.object({
  reference: z.string(),
  type_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(BOOKING_STATUSES),
  name: z.string(),
  email: z.string().nullable(),
  telephone: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  location: z.string().nullable(),
  quote_reference: z.string().nullable(),
  change_request: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ExportedBooking = z.infer<typeof exportedBookingSchema>;

/** The account's own bookings, each with its manage link's token (null when no link of it stands under the current keys). */
export const myBookingsSchema = z.object({
  data: z.array(customerBookingSchema.extend({ manage_token: z.string().nullable() })),
  next_cursor: z.string().nullable(),
});

// ---- The admin's side (paths marked A) ------------------------------------------------------

export const adminBookingTypeSchema = bookingTypeSchema.extend({
  active: z.boolean(),
  position: z.number().int(),
  deposit_kind: z.enum(DEPOSIT_KINDS),
  deposit_fixed_pence: z.number().int(),
  deposit_share_bp: z.number().int(),
});
export const adminBookingTypesSchema = z.object({ data: z.array(adminBookingTypeSchema) });
export type AdminBookingType = z.infer<typeof adminBookingTypeSchema>;

export const bookingSettingsSchema = z.object({
  earliest_working_days: z.number().int(),
  horizon_days: z.number().int(),
  change_cutoff_hours: z.number().int(),
  /** Whose UK bank holidays close the shop for booking. */
  bank_holiday_region: z.enum(BANK_HOLIDAY_REGIONS),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** The coming bank holidays of the shop's region, each closed for booking unless opened. */
export const adminBankHolidaysSchema = z.object({
  region: z.enum(BANK_HOLIDAY_REGIONS),
  data: z.array(z.object({ date: z.string(), name: z.string(), open: z.boolean() })),
});
export type AdminBankHolidays = z.infer<typeof adminBankHolidaysSchema>;

/** A booking as the admin sees it: the customer's details, the quote request it belongs to, the change asked for. */
export const adminBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(BOOKING_STATUSES),
  name: z.string(),
  email: z.string().nullable(),
  telephone: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  location: z.string().nullable(),
  quote_reference: z.string().nullable(),
  /** Its quote request (/admin/quotes/{id}: the photos), when attached. */
  quote_request_id: z.number().int().nullable(),
  change_request: z.string().nullable(),
  change_requested_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  is_new: z.boolean(),
  created_at: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
/** One booking's page: with the repair job opened from it, if one was (a booking has one at most). */
export const adminBookingDetailSchema = adminBookingSchema.extend({
  repair_job: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  /** Its quote request's job when the booking has none: no second one is opened from it (one job per quote). */
  quote_repair_job: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;
export const adminBookingListSchema = z.object({ data: z.array(adminBookingSchema) });

/** The bookings a closure would clash with, the first LIST_CAPS.clashesListed of them; `more` when others are not listed. */
export const clashListSchema = adminBookingListSchema.extend({ more: z.boolean() });

/** A page of the admin list by (starts_at, id); next_cursor is null when the range is all there. */
export const adminBookingPageSchema = adminBookingListSchema.extend({ next_cursor: z.string().nullable() });

export const bookingCountsSchema = z.object({ new: z.number().int(), change_requests: z.number().int() });
export type BookingCounts = z.infer<typeof bookingCountsSchema>;

export const blockedTimeSchema = z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string(), note: z.string() });
export type BlockedTime = z.infer<typeof blockedTimeSchema>;
export const blockedTimesSchema = z.object({ data: z.array(blockedTimeSchema) });
