// Online booking (issue 24; docs/rest-contract.md "Bookings"): the types a customer can book, the
// free slots of a type, a booking's fields, and the manage link's answers. Shared by the server's
// checks and the client's forms.
import { z } from 'zod';
import {
  booleanField,
  calendarDateField,
  emailField,
  instantField,
  integerField,
  messages,
  optionalString,
  requiredString,
  type DateWindow,
} from '../validation.ts';
import { addDays, daysFrom } from '../calendar-date.ts';
import { BOOKING_STATUSES } from '#shared/value-sets.ts';

export { BOOKING_AVAILABILITY_MAX_DAYS } from '#shared/limits.ts';
import { BOOKING_AVAILABILITY_MAX_DAYS, BOOKING_HORIZON_MAX_DAYS } from '#shared/limits.ts';
import { HONEYPOT_FIELD } from '#shared/honeypot.ts';

/** The 422s of a start time the rules refuse (each on `starts_at`), and of a type switched off. */
export const BOOKING_MESSAGES = {
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

// The existing wording of a malformed date ("The from_date field must be a date (YYYY-MM-DD).").
const calendarDate = (field: string) => calendarDateField(field, undefined, `The ${field} field must be a date (YYYY-MM-DD).`);

/**
 * The dates availability may be asked for: from yesterday to the longest horizon the settings
 * allow, a day of slack either side for the shop's zone against UTC. Anything else is a 422 on
 * the field before a day is walked (docs/decisions/one-way-to-write-dates-and-hours.md).
 */
export function availabilityWindow(now = new Date()): DateWindow {
  const today = now.toISOString().slice(0, 10);
  return { min: addDays(today, -1), max: addDays(today, BOOKING_HORIZON_MAX_DAYS + 1) };
}
const availabilityDate = (field: string) =>
  calendarDateField(field, () => availabilityWindow(), `The ${field} field must be a date (YYYY-MM-DD).`);

/** The span of a from–to pair: at most BOOKING_AVAILABILITY_MAX_DAYS days. */
const withinSpan = (v: { from: string; to: string }) => daysFrom(v.from, v.to) < BOOKING_AVAILABILITY_MAX_DAYS;

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

export const bookingAvailabilityInput = z
  .object({
    type_id: integerField('type_id', 1, 2_147_483_647),
    from: availabilityDate('from'),
    to: availabilityDate('to'),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The to field must be a date after or equal to from.' })
  .refine(withinSpan, {
    path: ['to'],
    message: `At most ${BOOKING_AVAILABILITY_MAX_DAYS} days can be asked for at once.`,
  });
export type BookingAvailabilityInput = z.infer<typeof bookingAvailabilityInput>;

export const slotSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The shop's wall-clock time, "10:20". */
  time: z.string(),
  free: z.number().int(),
});
export type SlotView = z.infer<typeof slotSchema>;

export const availabilitySchema = z.object({
  type_id: z.number().int(),
  time_zone: z.string(),
  /** The first and last days that can be booked now. */
  first_date: z.string(),
  last_date: z.string(),
  days: z.array(z.object({ date: z.string(), status: z.enum(['open', 'full', 'closed']), slots: z.array(slotSchema) })),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const bookingCreateInput = z.object({
  booking_type_id: integerField('booking_type_id', 1, 2_147_483_647),
  starts_at: instantField('starts_at'),
  name: requiredString('name', 100),
  email: emailField('email'),
  telephone: requiredString('telephone', 40),
  vehicle: requiredString('vehicle', 120),
  registration: optionalString('registration', 20),
  location: optionalString('location', 200),
  quote_reference: optionalString('quote_reference', 20),
  quote_request_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    integerField('quote_request_id', 1, 2_147_483_647).optional(),
  ),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});
export type BookingCreateInput = z.infer<typeof bookingCreateInput>;

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

export const manageTokenInput = z.object({
  token: requiredString('token', 100).regex(/^[A-Za-z0-9_-]+$/, messages.in('token')),
});
export const manageRescheduleInput = manageTokenInput.extend({ starts_at: instantField('starts_at') });
export const manageRequestChangeInput = manageTokenInput.extend({ message: requiredString('message', 1000) });

/**
 * What every visitor reads about booking, from the public snapshot: the types switched on and the
 * next free slot of the first one ("Next free estimate: Thursday 10:20" on the home and contact pages).
 */
export const bookingSummarySchema = z.object({
  types: z.array(bookingTypeSchema),
  next_free_estimate: z
    .object({
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
  email: z.string(),
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

export const myBookingsSchema = z.object({ data: z.array(customerBookingSchema) });

// ---- The admin's side (paths marked A) ------------------------------------------------------

const nameField = requiredString('name', 60);
export const bookingTypeInput = z.object({
  name: nameField,
  description: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: messages.string('description') })
      .trim()
      .max(300, messages.max('description', 300)),
  ),
  duration_minutes: integerField('duration_minutes', 5, 480),
  capacity: integerField('capacity', 1, 20),
  asks_location: booleanField('asks_location').default(false),
  active: booleanField('active').default(true),
});
export const bookingTypeUpdateInput = bookingTypeInput.partial().extend({ id: integerField('id', 1, 2_147_483_647) });
export type BookingTypeInput = z.infer<typeof bookingTypeInput>;
export type BookingTypeUpdateInput = z.infer<typeof bookingTypeUpdateInput>;

export const adminBookingTypeSchema = bookingTypeSchema.extend({ active: z.boolean(), position: z.number().int() });
export const adminBookingTypesSchema = z.object({ data: z.array(adminBookingTypeSchema) });
export type AdminBookingType = z.infer<typeof adminBookingTypeSchema>;

export const bookingSettingsSchema = z.object({
  earliest_working_days: z.number().int(),
  horizon_days: z.number().int(),
  change_cutoff_hours: z.number().int(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;
export const bookingSettingsInput = z.object({
  earliest_working_days: integerField('earliest_working_days', 0, 30),
  horizon_days: integerField('horizon_days', 1, BOOKING_HORIZON_MAX_DAYS),
  change_cutoff_hours: integerField('change_cutoff_hours', 0, 336),
});

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
  email: z.string(),
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
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;
export const adminBookingListSchema = z.object({ data: z.array(adminBookingSchema) });

export const adminBookingRangeInput = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The to field must be a date after or equal to from.' })
  .refine(withinSpan, {
    path: ['to'],
    message: `At most ${BOOKING_AVAILABILITY_MAX_DAYS} days can be asked for at once.`,
  });

export const bookingIdInput = z.object({ id: integerField('id', 1, 2_147_483_647) });
export const adminMoveInput = bookingIdInput.extend({ starts_at: instantField('starts_at') });
export const adminCancelInput = bookingIdInput.extend({ reason: requiredString('reason', 500) });
export const adminMarkInput = bookingIdInput.extend({
  status: z.enum(['attended', 'no_show', 'booked'], { error: messages.in('status') }),
});
export const adminChangeDecisionInput = bookingIdInput.extend({
  accept: booleanField('accept'),
  /** With accept: the new time (a free slot of the booking's type). */
  starts_at: instantField('starts_at').optional(),
  /** With a decline: what the customer is told. */
  reason: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredString('reason', 500).optional()),
});

export const bookingCountsSchema = z.object({ new: z.number().int(), change_requests: z.number().int() });
export type BookingCounts = z.infer<typeof bookingCountsSchema>;

export const blockedTimeSchema = z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string(), note: z.string() });
export type BlockedTime = z.infer<typeof blockedTimeSchema>;
export const blockedTimesSchema = z.object({ data: z.array(blockedTimeSchema) });

/**
 * A time off to block (an afternoon, a training day), in the shop's wall-clock time. The bookings it
 * clashes with are listed first (the clashes procedure); saving then says what happens to them.
 */
export const blockedTimeInput = z
  .object({
    date: calendarDate('date'),
    from: requiredString('from', 5).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'The from field must be a time (HH:MM).'),
    to: requiredString('to', 5).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'The to field must be a time (HH:MM).'),
    note: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z
        .string({ error: messages.string('note') })
        .trim()
        .max(200, messages.max('note', 200)),
    ),
    /** The clashing bookings: cancelled and their customers told (true), or kept as they are (false). */
    cancel_clashing: booleanField('cancel_clashing').default(false),
  })
  .refine((v) => v.from < v.to, { path: ['to'], message: 'The end must be after the start.' });
export type BlockedTimeInput = z.infer<typeof blockedTimeInput>;

/** Which bookings a closure (dates) or a blocked time (a date and times) would clash with. */
export const clashesInput = z.object({
  from_date: calendarDate('from_date'),
  to_date: calendarDate('to_date'),
  from_time: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d\d:\d\d$/, 'The from time field must be a time (HH:MM).')
      .optional(),
  ),
  to_time: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d\d:\d\d$/, 'The to time field must be a time (HH:MM).')
      .optional(),
  ),
});
export const cancelClashingInput = clashesInput.extend({ reason: requiredString('reason', 500) });
