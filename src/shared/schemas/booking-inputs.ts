/**
 * Inputs of the booking procedures (docs/rest-contract.md "Bookings"): what a customer asks and
 * sends (availability, a booking, the manage link's changes) and the admin's setup and calendar
 * actions (paths marked A). Shared by the server's checks and the client's forms; the answers are
 * in bookings.ts.
 */
import { z } from 'zod';
import { cursorField, limitField } from './paging.ts';
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
import { DEPOSIT_FIXED_PENCE_MAX } from '../limits.ts';
import { DEPOSIT_KINDS } from '../value-sets.ts';
import { BOOKING_AVAILABILITY_MAX_DAYS, BOOKING_HORIZON_MAX_DAYS } from '#shared/limits.ts';
import { HONEYPOT_FIELD } from '#shared/honeypot.ts';
import { BANK_HOLIDAY_REGIONS } from '#shared/value-sets.ts';

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

/**
 * The shop's slot picker (GET /api/admin/booking-types/{type_id}/availability): the same days, and
 * unless `online_only` every free time within opening hours, the online notice and horizon aside.
 */
export const adminAvailabilityInput = z
  .object({
    type_id: integerField('type_id', 1, 2_147_483_647),
    from: availabilityDate('from'),
    to: availabilityDate('to'),
    online_only: booleanField('online_only').default(false),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The to field must be a date after or equal to from.' })
  .refine(withinSpan, {
    path: ['to'],
    message: `At most ${BOOKING_AVAILABILITY_MAX_DAYS} days can be asked for at once.`,
  });
export type AdminAvailabilityInput = z.infer<typeof adminAvailabilityInput>;

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

export const manageTokenInput = z.object({
  token: requiredString('token', 100).regex(/^[A-Za-z0-9_-]+$/, messages.in('token')),
});
export const manageRescheduleInput = manageTokenInput.extend({ starts_at: instantField('starts_at') });
export const manageRequestChangeInput = manageTokenInput.extend({ message: requiredString('message', 1000) });

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
  /** The deposit asked (payments/amount-due.ts): none, a fixed amount in pence, or a share in basis points of the accepted estimate. */
  deposit_kind: z
    .enum(DEPOSIT_KINDS, {
      error: (issue) => (issue.input === undefined ? messages.required('deposit_kind') : messages.in('deposit_kind')),
    })
    .default('none'),
  deposit_fixed_pence: integerField('deposit_fixed_pence', 0, DEPOSIT_FIXED_PENCE_MAX).default(0),
  deposit_share_bp: integerField('deposit_share_bp', 0, 10_000).default(0),
});
export const bookingTypeUpdateInput = bookingTypeInput.partial().extend({ id: integerField('id', 1, 2_147_483_647) });
export type BookingTypeInput = z.infer<typeof bookingTypeInput>;
export type BookingTypeUpdateInput = z.infer<typeof bookingTypeUpdateInput>;

export const bookingSettingsInput = z.object({
  earliest_working_days: integerField('earliest_working_days', 0, 30),
  horizon_days: integerField('horizon_days', 1, BOOKING_HORIZON_MAX_DAYS),
  change_cutoff_hours: integerField('change_cutoff_hours', 0, 336),
  /** Left out: the region stays as it is. */
  bank_holiday_region: z.enum(BANK_HOLIDAY_REGIONS, { error: messages.in('bank_holiday_region') }).optional(),
});
export type BookingSettingsInput = z.infer<typeof bookingSettingsInput>;

/** The admin opens a bank holiday for booking (`open: true`) or closes it again. */
export const bankHolidayOpenInput = z.object({
  date: calendarDate('date'),
  open: booleanField('open'),
});

/** The most bookings one answer of the admin list holds; a fuller range pages on by next_cursor. */
export const ADMIN_BOOKINGS_MAX_LIMIT = 500;

export const adminBookingRangeInput = z
  .object({ from: calendarDate('from'), to: calendarDate('to'), limit: limitField(ADMIN_BOOKINGS_MAX_LIMIT), cursor: cursorField })
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

/**
 * A UK telephone number as people write it: 01632 960 123, 07700 900123, +44 (0)20 7946 0000. Ten
 * or eleven digits from 0, or +44/0044 and nine or ten, once spaces, dashes, dots and brackets go.
 */
export function isUkTelephone(value: string): boolean {
  const digits = value.replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  return /^(?:0\d{9,10}|(?:\+44|0044)[1-9]\d{8,9})$/.test(digits);
}

export const CALLER_CONTACT_MESSAGES = {
  telephoneRequired: 'Give a UK telephone number, or an e-mail address, so we can reach the customer.',
  telephoneNotUk: 'The telephone field must be a UK telephone number, such as 01632 960 123.',
} as const;

/** The telephone's message when a caller has no way to be reached: no e-mail and no UK number. */
export function callerContactError(email: string | undefined, telephone: string | null): string | null {
  if (email !== undefined) return null;
  if (telephone === null) return CALLER_CONTACT_MESSAGES.telephoneRequired;
  return isUkTelephone(telephone) ? null : CALLER_CONTACT_MESSAGES.telephoneNotUk;
}

const optionalEmailField = (field: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField(field).optional());

/**
 * A booking the admin makes for a caller or a walk-in (path A): a name and a UK telephone number are
 * enough; the e-mail is optional (none: nothing is mailed), and so is the vehicle.
 */
export const adminBookingCreateInput = z
  .object({
    booking_type_id: integerField('booking_type_id', 1, 2_147_483_647),
    starts_at: instantField('starts_at'),
    name: requiredString('name', 100),
    email: optionalEmailField('email'),
    telephone: optionalString('telephone', 40),
    vehicle: optionalString('vehicle', 120),
    registration: optionalString('registration', 20),
    location: optionalString('location', 200),
  })
  .superRefine((v, ctx) => {
    const message = callerContactError(v.email, v.telephone);
    if (message) ctx.addIssue({ code: 'custom', path: ['telephone'], message });
  });
export type AdminBookingCreateInput = z.infer<typeof adminBookingCreateInput>;
