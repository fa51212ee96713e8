// Repair jobs (docs/rest-contract.md "Repair jobs"): the admin's jobs and stage list, and the
// customer's tracker. Shared by the server's checks and the client's forms.
import { z } from 'zod';
import { trackerInsuranceSchema } from './insurance.ts';
import { booleanField, calendarDateField, emailField, integerField, messages, optionalString, requiredString } from '../validation.ts';
import {
  REPAIR_AGREED_WORK_MAX,
  REPAIR_DATE_REASON_MAX,
  REPAIR_MESSAGE_MAX,
  REPAIR_NOTE_MAX,
  REPAIR_STAGE_NAME_MAX,
  REPAIR_STAGES_MAX,
} from '#shared/limits.ts';
import { isUkTelephone } from './booking-inputs.ts';

const ID_MAX = 2_147_483_647;
const id = (field: string) => integerField(field, 1, ID_MAX);

/** A date the job is promised for: a real day in the years the database holds (calendarDateField). */
export const dateField = (field: string) => calendarDateField(field);

/** A job from a quote request or a booking takes the customer and the vehicle from it; a walk-in gives them here. */
export const QUOTE_OR_CUSTOMER_MESSAGE = (field: string) => `The ${field.replace(/_/g, ' ')} field is required for a walk-in.`;

export const WALK_IN_CONTACT_MESSAGES = {
  telephoneRequired: 'Give a UK telephone number, or an e-mail address, so we can reach the customer.',
  telephoneNotUk: 'The customer telephone field must be a UK telephone number, such as 01632 960 123.',
} as const;

const QUOTE_AND_BOOKING_MESSAGE = 'Give a quote request or a booking, not both: the booking brings its quote request.';

const optionalEmail = z.preprocess((v) => (v === '' || v === null ? undefined : v), emailField('customer_email').optional());
const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredString(field, max).optional());

export const repairJobCreateInput = z
  .object({
    quote_request_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('quote_request_id').optional()),
    booking_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('booking_id').optional()),
    customer_name: optionalText('customer_name', 100),
    customer_email: optionalEmail,
    customer_telephone: optionalString('customer_telephone', 40),
    vehicle: optionalText('vehicle', 120),
    registration: optionalString('registration', 20),
    agreed_work: requiredString('agreed_work', REPAIR_AGREED_WORK_MAX),
    promised_ready_on: dateField('promised_ready_on'),
  })
  .superRefine((v, ctx) => {
    // A booking brings its own quote request (if any): naming both could name two customers.
    if (v.booking_id !== undefined && v.quote_request_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['quote_request_id'], message: QUOTE_AND_BOOKING_MESSAGE });
    }
    if (v.quote_request_id !== undefined || v.booking_id !== undefined) return;
    for (const field of ['customer_name', 'vehicle'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: QUOTE_OR_CUSTOMER_MESSAGE(field) });
    }
    // A walk-in may leave no e-mail (then no mail goes: the shop reads out or texts the tracker link),
    // but then a UK telephone number is how the shop reaches them.
    if (v.customer_email !== undefined) return;
    if (v.customer_telephone === null)
      ctx.addIssue({ code: 'custom', path: ['customer_telephone'], message: WALK_IN_CONTACT_MESSAGES.telephoneRequired });
    else if (!isUkTelephone(v.customer_telephone))
      ctx.addIssue({ code: 'custom', path: ['customer_telephone'], message: WALK_IN_CONTACT_MESSAGES.telephoneNotUk });
  });
export type RepairJobCreateInput = z.infer<typeof repairJobCreateInput>;

export const repairJobIdInput = z.object({ id: id('id') });
export const repairJobMoveInput = z.object({ id: id('id'), stage_id: id('stage_id') });
export type RepairJobMoveInput = z.infer<typeof repairJobMoveInput>;
export const repairJobDateInput = z.object({
  id: id('id'),
  promised_ready_on: dateField('promised_ready_on'),
  reason: requiredString('reason', REPAIR_DATE_REASON_MAX),
});
export type RepairJobDateInput = z.infer<typeof repairJobDateInput>;
export const repairJobNoteInput = z.object({ id: id('id'), body: requiredString('body', REPAIR_NOTE_MAX) });
export const repairPhotoUploadInput = z.object({ id: id('id') });
export const repairPhotoShareInput = z.object({ id: id('id'), photo_id: id('photo_id'), shared: booleanField('shared') });
export type RepairPhotoShareInput = z.infer<typeof repairPhotoShareInput>;

export const repairStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  is_collected: z.boolean(),
});
export type RepairStage = z.infer<typeof repairStageSchema>;
export const repairStagesSchema = z.object({ data: z.array(repairStageSchema) });
export type RepairStages = z.infer<typeof repairStagesSchema>;

const stageName = requiredString('name', REPAIR_STAGE_NAME_MAX);
export const repairStageCreateInput = z.object({ name: stageName });
export const repairStageRenameInput = z.object({ id: id('id'), name: stageName });
export const repairStageIdInput = z.object({ id: id('id') });
export const repairStageOrderInput = z.object({
  ids: z
    .array(id('ids'), { error: messages.required('ids') })
    .min(1, messages.required('ids'))
    .max(REPAIR_STAGES_MAX, `At most ${REPAIR_STAGES_MAX} stages.`),
});
export type RepairStageOrderInput = z.infer<typeof repairStageOrderInput>;

export const REPAIR_STAGE_MESSAGES = {
  inUse: 'Jobs are at this stage: move them to another stage first.',
  collected: 'The Collected stage cannot be removed: the tracker and the review request start there.',
  tooMany: `At most ${REPAIR_STAGES_MAX} stages.`,
  order: 'The order must name every stage once.',
  unknownStage: 'The selected stage id is invalid.',
  unknownQuote: 'The selected quote request id is invalid.',
  quoteAndBooking: QUOTE_AND_BOOKING_MESSAGE,
  cancelledBooking: 'A cancelled booking cannot be turned into a repair job.',
  bookingHasJob: (reference: string) => `This booking already has a repair job (${reference}).`,
  quoteHasJob: (reference: string) => `This booking's quote already has a repair job (${reference}).`,
  sameDate: 'The new promised-ready date is the date already promised.',
};

/** A job on the admin's board. */
export const repairJobSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  customer_name: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  promised_ready_on: z.string(),
  stage_id: z.number().int(),
  collected_at: z.string().nullable(),
  /** When the job was opened (the car arrived): the board counts its days in the shop from it. */
  opened_at: z.string(),
  message_count: z.number().int(),
  /** At the ready-for-collection stage and nothing left to pay (payments/amount-due.ts): the card says "Paid, ready to collect". */
  paid_ready_to_collect: z.boolean(),
});
export type RepairJobSummary = z.infer<typeof repairJobSummarySchema>;
export const repairBoardSchema = z.object({ stages: z.array(repairStageSchema), jobs: z.array(repairJobSummarySchema) });
export type RepairBoard = z.infer<typeof repairBoardSchema>;

export const repairPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumb_url: z.string(),
  thumb_width: z.number().int(),
  thumb_height: z.number().int(),
  created_at: z.string(),
});
export type RepairPhoto = z.infer<typeof repairPhotoSchema>;

const stageReachedSchema = z.object({ stage_name: z.string(), reached_at: z.string() });
const dateChangeSchema = z.object({ old_date: z.string(), new_date: z.string(), reason: z.string(), changed_at: z.string() });
/** A message of the matter's thread: `from` the customer or the shop. */
const messageSchema = z.object({ id: z.number().int(), from: z.enum(['customer', 'shop']), body: z.string(), created_at: z.string() });

export const repairJobDetailSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  quote_request_id: z.number().int().nullable(),
  booking_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  customer_name: z.string(),
  // Absent for a technician: the permission table's hidden fields (#shared/permissions.ts).
  customer_email: z.string().optional(),
  customer_telephone: z.string().nullable().optional(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  agreed_work: z.string(),
  promised_ready_on: z.string(),
  stage_id: z.number().int(),
  tracker_revoked_at: z.string().nullable(),
  /** The customer's tracker link, for the shop to read out or text (null once revoked); absent for a technician. */
  tracker_url: z.string().nullable().optional(),
  collected_at: z.string().nullable(),
  created_at: z.string(),
  history: z.array(stageReachedSchema),
  date_changes: z.array(dateChangeSchema),
  notes: z.array(z.object({ id: z.number().int(), body: z.string(), author: z.string().nullable(), created_at: z.string() })),
  photos: z.array(repairPhotoSchema.extend({ shared: z.boolean() })),
  messages: z.array(messageSchema),
});
export type RepairJobDetail = z.infer<typeof repairJobDetailSchema>;

/** What the customer's tracker shows: no staff notes, no unshared photo, nobody else's job. */
export const repairTrackerSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  agreed_work: z.string(),
  promised_ready_on: z.string(),
  collected_at: z.string().nullable(),
  /** The shop's stages in order, each with when this job last reached it (null: not yet). */
  stages: z.array(z.object({ name: z.string(), reached_at: z.string().nullable(), current: z.boolean() })),
  date_changes: z.array(dateChangeSchema),
  photos: z.array(repairPhotoSchema),
  messages: z.array(messageSchema),
  shop_telephone: z.string(),
  /** The estimate page of the job's quote (a private link made when shown); null when no estimate was sent. */
  estimate_path: z.string().nullable(),
  /** The job's insurance claim as the customer reads it (the excess is what they pay); null: not insured. */
  insurance: trackerInsuranceSchema.nullable(),
  /** The job's invoices and credit notes, each downloaded through the tracker's link. */
  invoices: z.array(z.object({ id: z.number().int(), display_number: z.string(), pdf_path: z.string() })),
  /**
   * What the customer still owes (payments/amount-due.ts), whether they can pay it online here
   * (the "Pay now" button), and "Paid, ready to collect"; null once the car is collected.
   */
  payment: z.object({ due_pence: z.number().int(), online_payments: z.boolean(), paid_ready_to_collect: z.boolean() }).nullable(),
});
export type RepairTracker = z.infer<typeof repairTrackerSchema>;
export const myRepairsSchema = z.object({ data: z.array(repairTrackerSchema), next_cursor: z.string().nullable() });
export type MyRepairs = z.infer<typeof myRepairsSchema>;

/** The token of a tracker link; one that is not ours is a 404 (the service), not a 422 that says why. */
export const trackerTokenField = z.string({ error: messages.required('token') }).max(200, messages.max('token', 200));
export const repairTrackerInput = z.object({ token: trackerTokenField });
export const REPAIR_MESSAGE_MESSAGES = {
  required: messages.required('message'),
  max: messages.max('message', REPAIR_MESSAGE_MAX),
};
export const repairMessageField = requiredString('message', REPAIR_MESSAGE_MAX);
export const repairTrackerMessageInput = z.object({ token: trackerTokenField, message: repairMessageField });
export const myRepairMessageInput = z.object({ id: id('id'), message: repairMessageField });

/** A repair job in the customer's data export: what the tracker shows and the contact details they gave; never the staff notes. */
export const exportedRepairJobSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_telephone: z.string().nullable(),
  vehicle: z.string(),
  registration: z.string().nullable(),
  agreed_work: z.string(),
  promised_ready_on: z.string(),
  collected_at: z.string().nullable(),
  current_stage: z.string().nullable(),
  stages_reached: z.array(stageReachedSchema),
  date_changes: z.array(dateChangeSchema),
  shared_photo_count: z.number().int(),
  messages: z.array(messageSchema),
});
export type ExportedRepairJob = z.infer<typeof exportedRepairJobSchema>;
