/**
 * Opening a repair job (docs/rest-contract.md "Repair jobs"): from a quote request or a booking
 * (prefilled from it) or for a walk-in, at the first stage, with the customer e-mailed the private
 * tracker link (tracker-links.ts) in the same transaction.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { newReference } from '#server/references.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findBooking } from '#server/bookings/bookings.repository.ts';
import {
  QUOTE_OR_CUSTOMER_MESSAGE,
  REPAIR_STAGE_MESSAGES,
  type RepairJobCreateInput,
  type RepairJobDetail,
} from '#shared/schemas/repair-jobs.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as stages from './repair-stages.repository.ts';
import * as history from './repair-job-history.repository.ts';
import { newTrackerSalt, trackerToken, trackerTokenHash } from './tracker-links.ts';
import { getRepairJob } from './repair-jobs.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'log'>;

/** Where a job's customer and vehicle come from when the admin does not type them: a booking or a quote request. */
interface JobSource {
  name: string;
  email: string | null;
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
 * one, 422 on booking_id for a cancelled one, one that already has a job or whose quote already has one.
 * From a quote request (which may lead to several jobs):
 * 422 on quote_request_id for an unknown one.
 */
export async function createRepairJob(deps: Deps, input: RepairJobCreateInput): Promise<RepairJobDetail> {
  const source =
    input.booking_id !== undefined
      ? await bookingSource(deps, input.booking_id)
      : input.quote_request_id !== undefined
        ? await quoteSource(deps, input.quote_request_id)
        : undefined;
  // '' is a job with no address: no mail goes, the shop reads out or texts the tracker link.
  const customerEmail = input.customer_email ?? source?.email ?? '';
  const customerTelephone = input.customer_telephone ?? source?.telephone ?? null;
  // An anonymised booking has no address or number left: the admin must type one.
  if (!customerEmail && !customerTelephone) throw AppError.field('customer_email', QUOTE_OR_CUSTOMER_MESSAGE('customer_email'));
  const values = {
    quote_request_id: source?.quote_request_id ?? null,
    booking_id: input.booking_id ?? null,
    user_id: source?.user_id ?? null,
    customer_name: input.customer_name ?? source!.name,
    customer_email: customerEmail,
    customer_telephone: customerTelephone,
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
          if (booking.quote_request_id !== null) {
            // One job per quote through its bookings too: the quote's row lock makes two of its bookings take turns.
            await findQuoteRequest(trx, booking.quote_request_id, { lock: true });
            const ofQuote = await jobs.findRepairJobOfQuoteRequest(trx, booking.quote_request_id);
            if (ofQuote) throw AppError.field('booking_id', REPAIR_STAGE_MESSAGES.quoteHasJob(ofQuote.reference));
          }
        }
        const [first] = await stages.listRepairStages(trx);
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
        if (row.customer_email)
          await queueMail(deps, trx, { kind: 'repair-job-created', to: row.customer_email, params: { repairJobId: row.id } });
        return row.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  return getRepairJob(deps, id);
}
