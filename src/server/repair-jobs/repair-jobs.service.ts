/**
 * The admin's repair jobs (docs/rest-contract.md "Repair jobs"): opening one from a quote request
 * or a booking (prefilled from it) or for a walk-in, the board of open jobs, a job's page, moving
 * it to a stage, moving the promised-ready date (with the reason the customer reads), staff notes,
 * sharing a photo, revoking the tracker link.
 *
 * Opening a job e-mails the customer the private tracker link (tracker-links.ts); each stage change
 * queues the held stage-change mail (repair-stage-mail.service.ts), in the same transaction.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { newReference } from '#server/references.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import {
  QUOTE_OR_CUSTOMER_MESSAGE,
  REPAIR_STAGE_MESSAGES,
  type RepairBoard,
  type RepairJobCreateInput,
  type RepairJobDateInput,
  type RepairJobDetail,
  type RepairJobMoveInput,
  type RepairPhotoShareInput,
} from '#shared/schemas/repair-jobs.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as stages from './repair-stages.repository.ts';
import * as history from './repair-job-history.repository.ts';
import * as dateChanges from './repair-job-date-changes.repository.ts';
import * as notes from './repair-job-notes.repository.ts';
import * as photos from './repair-job-photos.repository.ts';
import * as customerMessages from './repair-job-messages.repository.ts';
import { newTrackerSalt, trackerToken, trackerTokenHash } from './tracker-links.ts';
import { presentRepairPhoto } from './repair-photos.service.ts';
import { queueStageMail } from './repair-stage-mail.service.ts';
import { startReviewRequest } from '#server/reviews/reviews.service.ts';
import { anonymiseReviewRequestsOfJobs } from '#server/reviews/repair-review-requests.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'log'>;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Where a job's customer and vehicle come from when the admin does not type them: a booking or a quote request. */
interface JobSource {
  name: string;
  email: string;
  telephone: string | null;
  vehicle: string;
  registration: string | null;
  user_id: number | null;
  quote_request_id: number | null;
}

/**
 * The booking a job is opened from: 404 when there is none, 422 on booking_id when it was
 * cancelled. Its quote request (when it has one) is linked to the job too.
 */
async function bookingSource(deps: Pick<Deps, 'db'>, bookingId: number): Promise<JobSource> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) throw AppError.notFound();
  if (booking.status === 'cancelled') throw AppError.field('booking_id', REPAIR_STAGE_MESSAGES.cancelledBooking);
  return {
    name: booking.name,
    email: booking.email,
    telephone: booking.telephone || null,
    vehicle: booking.vehicle,
    registration: booking.registration,
    user_id: booking.user_id,
    quote_request_id: booking.quote_request_id,
  };
}

async function quoteSource(deps: Pick<Deps, 'db'>, quoteRequestId: number): Promise<JobSource> {
  const quote = await findQuoteRequest(deps.db, quoteRequestId);
  if (!quote) throw AppError.field('quote_request_id', REPAIR_STAGE_MESSAGES.unknownQuote);
  return {
    name: quote.name,
    email: quote.email,
    telephone: quote.telephone,
    vehicle: quote.vehicle,
    registration: quote.registration,
    user_id: quote.user_id,
    quote_request_id: quote.id,
  };
}

/**
 * Opens a job at the first stage and queues the tracker mail. From a booking: 404 for an unknown
 * one, 422 on booking_id for a cancelled one or one that already has a job. From a quote request:
 * 422 on quote_request_id for an unknown one.
 */
export async function createRepairJob(deps: Deps, input: RepairJobCreateInput): Promise<RepairJobDetail> {
  const source =
    input.booking_id !== undefined
      ? await bookingSource(deps, input.booking_id)
      : input.quote_request_id !== undefined
        ? await quoteSource(deps, input.quote_request_id)
        : undefined;
  const customerEmail = input.customer_email ?? source?.email;
  // An anonymised booking has no address left: the admin must type one.
  if (!customerEmail) throw AppError.field('customer_email', QUOTE_OR_CUSTOMER_MESSAGE('customer_email'));
  const values = {
    quote_request_id: source?.quote_request_id ?? null,
    booking_id: input.booking_id ?? null,
    user_id: source?.user_id ?? null,
    customer_name: input.customer_name ?? source!.name,
    customer_email: customerEmail,
    customer_telephone: input.customer_telephone ?? source?.telephone ?? null,
    vehicle: input.vehicle ?? source!.vehicle,
    registration: input.registration ?? source?.registration ?? null,
    agreed_work: input.agreed_work,
    promised_ready_on: input.promised_ready_on,
  };
  let id: number | undefined;
  // A reference already taken (1 in 887 million a year) is tried again with a new one.
  for (let attempt = 1; id === undefined; attempt++) {
    try {
      id = await deps.db.transaction().execute(async (trx) => {
        if (values.booking_id !== null) {
          // The booking's row lock makes two admins opening a job from it at once take turns.
          const booking = await findBooking(trx, values.booking_id, { lock: true });
          if (!booking) throw AppError.notFound();
          if (booking.status === 'cancelled') throw AppError.field('booking_id', REPAIR_STAGE_MESSAGES.cancelledBooking);
          const existing = await jobs.findRepairJobOfBooking(trx, values.booking_id);
          if (existing) throw AppError.field('booking_id', REPAIR_STAGE_MESSAGES.bookingHasJob(existing.reference));
        }
        const [first] = await stages.findRepairStages(trx);
        if (!first) throw AppError.field('stage_id', REPAIR_STAGE_MESSAGES.unknownStage);
        const salt = newTrackerSalt();
        const row = await jobs.insertRepairJob(trx, {
          ...values,
          reference: newReference('repairJob'),
          stage_id: first.id,
          tracker_salt: salt,
        });
        const token = trackerToken(deps.config.appKey, row.id, salt);
        // The customer was told about the first stage by the tracker mail itself.
        await jobs.updateRepairJob(trx, row.id, { tracker_token_hash: trackerTokenHash(token), notified_stage_id: first.id });
        await history.insertStageReached(trx, { repair_job_id: row.id, stage_id: first.id, stage_name: first.name });
        await queueMail(deps, trx, { kind: 'repair-job-created', to: row.customer_email, params: { repairJobId: row.id } });
        return row.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  return getRepairJob(deps, id);
}

/** The board: the stages in order and every job not yet collected. */
export async function getRepairBoard(deps: Pick<Deps, 'db'>): Promise<RepairBoard> {
  const [stageRows, jobRows] = await Promise.all([stages.findRepairStages(deps.db), jobs.findRepairJobs(deps.db, { openOnly: true })]);
  const counts = await Promise.all(jobRows.map((j) => customerMessages.findMessages(deps.db, j.id).then((m) => m.length)));
  return {
    stages: stageRows.map(presentStage),
    jobs: jobRows.map((j, index) => ({
      id: j.id,
      reference: j.reference,
      customer_name: j.customer_name,
      vehicle: j.vehicle,
      registration: j.registration,
      promised_ready_on: j.promised_ready_on,
      stage_id: j.stage_id,
      collected_at: isoOrNull(j.collected_at),
      message_count: counts[index] ?? 0,
    })),
  };
}

export function presentStage(row: stages.RepairStageRow) {
  return { id: row.id, name: row.name, position: row.position, is_collected: row.is_collected };
}

export async function getRepairJob(deps: Pick<Deps, 'db' | 'config'>, id: number, now = Date.now()): Promise<RepairJobDetail> {
  const job = await jobs.findRepairJob(deps.db, id);
  if (!job) throw AppError.notFound();
  const [historyRows, changeRows, noteRows, photoRows, messageRows] = await Promise.all([
    history.findStageHistory(deps.db, id),
    dateChanges.findDateChanges(deps.db, id),
    notes.findNotes(deps.db, id),
    photos.findRepairPhotos(deps.db, id),
    customerMessages.findMessages(deps.db, id),
  ]);
  return {
    id: job.id,
    reference: job.reference,
    quote_request_id: job.quote_request_id,
    booking_id: job.booking_id,
    user_id: job.user_id,
    customer_name: job.customer_name,
    customer_email: job.customer_email,
    customer_telephone: job.customer_telephone,
    vehicle: job.vehicle,
    registration: job.registration,
    agreed_work: job.agreed_work,
    promised_ready_on: job.promised_ready_on,
    stage_id: job.stage_id,
    tracker_revoked_at: isoOrNull(job.tracker_revoked_at),
    collected_at: isoOrNull(job.collected_at),
    created_at: iso(job.created_at),
    history: historyRows.map((h) => ({ stage_name: h.stage_name, reached_at: iso(h.reached_at) })),
    date_changes: changeRows.map(presentDateChange),
    notes: noteRows.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.author_firstname ? `${n.author_firstname} ${n.author_lastname ?? ''}`.trim() : null,
      created_at: iso(n.created_at),
    })),
    photos: photoRows.map((p) => ({ ...presentRepairPhoto(deps.config.appKey, p, now), shared: p.shared })),
    messages: messageRows.map(presentMessage),
  };
}

export function presentDateChange(row: dateChanges.DateChangeRow) {
  return { old_date: row.old_date, new_date: row.new_date, reason: row.reason, changed_at: iso(row.created_at) };
}

export function presentMessage(row: customerMessages.MessageRow) {
  return { id: row.id, body: row.body, created_at: iso(row.created_at) };
}

/**
 * Moves a job to a stage (any stage: forward on the board, back when work is redone). Reaching the
 * Collected stage starts the tracker's expiry clock; leaving it stops it. The customer's mail is
 * held (repair-stage-mail.service.ts).
 */
export async function moveRepairJob(deps: Deps, input: RepairJobMoveInput, now = new Date()): Promise<RepairJobDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.findRepairJob(trx, input.id, { lock: true });
    if (!job) throw AppError.notFound();
    const stage = await stages.findRepairStage(trx, input.stage_id);
    if (!stage) throw AppError.field('stage_id', REPAIR_STAGE_MESSAGES.unknownStage);
    if (stage.id === job.stage_id) return;
    await jobs.updateRepairJob(trx, job.id, {
      stage_id: stage.id,
      collected_at: stage.is_collected ? (job.collected_at ?? now) : null,
    });
    await history.insertStageReached(trx, { repair_job_id: job.id, stage_id: stage.id, stage_name: stage.name, reached_at: now });
    await queueStageMail(deps, trx, job.id, now);
    // The first time it is collected: the review request, after its delay (reviews/reviews.service.ts).
    if (stage.is_collected) await startReviewRequest(deps, trx, job.id, now);
  });
  return getRepairJob(deps, input.id);
}

/** A new promised-ready date and the reason the customer reads; the same date again is a 422. */
export async function changePromisedDate(deps: Deps, input: RepairJobDateInput): Promise<RepairJobDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.findRepairJob(trx, input.id, { lock: true });
    if (!job) throw AppError.notFound();
    if (job.promised_ready_on === input.promised_ready_on) throw AppError.field('promised_ready_on', REPAIR_STAGE_MESSAGES.sameDate);
    await dateChanges.insertDateChange(trx, {
      repair_job_id: job.id,
      old_date: job.promised_ready_on,
      new_date: input.promised_ready_on,
      reason: input.reason,
    });
    await jobs.updateRepairJob(trx, job.id, { promised_ready_on: input.promised_ready_on });
  });
  return getRepairJob(deps, input.id);
}

export async function addRepairNote(deps: Deps, input: { id: number; body: string }, authorId: number): Promise<RepairJobDetail> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await jobs.findRepairJob(trx, input.id, { lock: true }))) throw AppError.notFound();
    await notes.insertNote(trx, { repair_job_id: input.id, author_id: authorId, body: input.body });
  });
  return getRepairJob(deps, input.id);
}

/** "Show the customer": a photo of another job is a 404. */
export async function shareRepairPhoto(deps: Deps, input: RepairPhotoShareInput): Promise<RepairJobDetail> {
  if (!(await photos.setRepairPhotoShared(deps.db, input.photo_id, input.id, input.shared))) throw AppError.notFound();
  return getRepairJob(deps, input.id);
}

/** The tracker link stops working at once; a signed-in customer still sees the job in their account. */
export async function revokeTrackerLink(deps: Deps, id: number, now = new Date()): Promise<RepairJobDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.findRepairJob(trx, id, { lock: true });
    if (!job) throw AppError.notFound();
    if (!job.tracker_revoked_at) await jobs.updateRepairJob(trx, id, { tracker_revoked_at: now, tracker_token_hash: null });
  });
  return getRepairJob(deps, id);
}

/**
 * Account deletion (users.service.ts removeUser, in its transaction): the jobs of the account, and
 * those under its address when verified, lose the customer's details, the tracker link, the
 * customer's messages, the review link and unpublished feedback; the workshop's record of the work
 * (stages, dates, notes, photos) stays, and a testimonial the customer agreed to publish.
 */
export async function anonymiseRepairJobsOfUser(trx: Parameters<typeof jobs.findRepairJob>[0], userId: number): Promise<void> {
  const user = await findSessionUser(trx, userId);
  if (!user) return;
  const ids = await jobs.anonymiseRepairJobsOfUser(trx, userId, user.email_verified_at ? user.email : null);
  await customerMessages.deleteMessagesOfJobs(trx, ids);
  await anonymiseReviewRequestsOfJobs(trx, ids);
}
