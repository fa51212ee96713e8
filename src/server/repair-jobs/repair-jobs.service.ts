/**
 * The admin's repair jobs (docs/rest-contract.md "Repair jobs"): the board of open jobs, a job's
 * page, moving it to a stage, moving the promised-ready date (with the reason the customer reads),
 * staff notes, sharing a photo, revoking the tracker link. Opening one is
 * repair-job-opening.service.ts's.
 *
 * Each stage change queues the held stage-change mail (repair-stage-mail.service.ts), in the same
 * transaction.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import {
  REPAIR_STAGE_MESSAGES,
  type RepairBoard,
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
import { countCustomerMessagesOfMatters, deleteThreads, matterOfRepairJob, messagesOfMatters } from '#server/threads/threads.service.ts';
import { presentRepairPhoto } from './repair-photos.service.ts';
import { currentTrackerToken, trackerUrl } from './tracker-links.ts';
import { queueStageMail } from './repair-stage-mail.service.ts';
import { outsideQuietHours } from './stage-mail-timing.ts';
import { queueMail } from '#server/mail/outgoing-mail.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { presentRepairJob, presentRepairJobSummary, presentStage } from './repair-job-presenter.ts';
import { startReviewRequest } from '#server/reviews/reviews.service.ts';
import { anonymiseReviewRequestsOfJobs } from '#server/reviews/repair-review-requests.repository.ts';
import { assertMayPassInsurerAuthority } from '#server/insurance/insurer-authority.ts';

import { balancesDueOfRepairJobs, isPaidReadyToCollect } from '#server/payments/amount-due.ts';
import { readyForCollectionStageId } from './ready-stage.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'publicContent' | 'log'>;

/** The board: the stages in order and every job not yet collected. */
export async function getRepairBoard(deps: Pick<Deps, 'db'>): Promise<RepairBoard> {
  const [stageRows, jobRows] = await Promise.all([stages.listRepairStages(deps.db), jobs.listRepairJobs(deps.db, { openOnly: true })]);
  // The messages counted for all the jobs at once: one query, not one per job.
  const counts = await countCustomerMessagesOfMatters(
    deps.db,
    jobRows.map((j) => matterOfRepairJob(j).matter_key),
  );
  // What is owed, worked out only for the jobs at the ready-for-collection stage (a handful).
  const readyStageId = readyForCollectionStageId(stageRows);
  const ready = jobRows.filter((j) => j.stage_id === readyStageId);
  const balances = await balancesDueOfRepairJobs(deps.db, ready);
  return {
    stages: stageRows.map(presentStage),
    jobs: jobRows.map((j) => {
      const balance = balances.get(j.id);
      return presentRepairJobSummary(
        j,
        counts.get(matterOfRepairJob(j).matter_key) ?? 0,
        balance !== undefined && isPaidReadyToCollect(j.stage_id, readyStageId, balance),
      );
    }),
  };
}

export async function getRepairJob(deps: Pick<Deps, 'db' | 'config'>, id: number, now = Date.now()): Promise<RepairJobDetail> {
  const job = await jobs.findRepairJob(deps.db, id);
  if (!job) throw AppError.notFound();
  const matterKey = matterOfRepairJob(job).matter_key;
  const [historyRows, changeRows, noteRows, photoRows, messagesOf] = await Promise.all([
    history.findStageHistory(deps.db, id),
    dateChanges.listDateChanges(deps.db, id),
    notes.listNotes(deps.db, id),
    photos.listRepairPhotos(deps.db, id),
    messagesOfMatters(deps.db, [matterKey]),
  ]);
  // The link the shop reads out or texts (a walk-in without e-mail got no mail); none once revoked or anonymised.
  const token = job.anonymised_at ? null : currentTrackerToken(deps.config.appKeys, job);
  return {
    ...presentRepairJob(
      job,
      { history: historyRows, dateChanges: changeRows, notes: noteRows, messages: messagesOf(matterKey) },
      photoRows.map((p) => ({ ...presentRepairPhoto(deps.config.appKey, p, now), shared: p.shared })),
    ),
    tracker_url: token === null ? null : trackerUrl(deps.config.appUrl, token),
  };
}

/**
 * Moves a job to a stage (any stage: forward on the board, back when work is redone). Reaching the
 * Collected stage starts the tracker's expiry clock; leaving it stops it. The customer's mail is
 * held (repair-stage-mail.service.ts). An insured job waits for the insurer's authority
 * (insurance/insurer-authority.ts).
 */
export async function moveRepairJob(deps: Deps, input: RepairJobMoveInput, now = new Date()): Promise<RepairJobDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.findRepairJob(trx, input.id, { lock: true });
    if (!job) throw AppError.notFound();
    const stage = await stages.findRepairStage(trx, input.stage_id);
    if (!stage) throw AppError.field('stage_id', REPAIR_STAGE_MESSAGES.unknownStage);
    if (stage.id === job.stage_id) return;
    await assertMayPassInsurerAuthority(trx, job, stage);
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

/**
 * A new promised-ready date and the reason the customer reads; the same date again is a 422. The
 * customer is mailed (when the job has an address), outside the shop's quiet hours as the stage mails.
 */
export async function changePromisedDate(deps: Deps, input: RepairJobDateInput, now = new Date()): Promise<RepairJobDetail> {
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
    if (job.customer_email && !job.anonymised_at && !job.tracker_revoked_at) {
      const shop = await readShop(deps);
      const due = outsideQuietHours(now, shop.timeZone);
      await queueMail(
        deps,
        trx,
        {
          kind: 'repair-promised-date-changed',
          to: job.customer_email,
          params: { repairJobId: job.id, previousDate: job.promised_ready_on, newDate: input.promised_ready_on, reason: input.reason },
        },
        // Held only in the quiet hours: a mail due now wakes the sender at once.
        due > now ? { startAfter: due } : {},
      );
    }
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
  const anonymised = await jobs.anonymiseRepairJobsOfUser(trx, userId, user.email_verified_at ? user.email : null);
  const ids = anonymised.map((j) => j.id);
  await deleteThreads(
    trx,
    anonymised.map((j) => matterOfRepairJob(j).matter_key),
  );
  await anonymiseReviewRequestsOfJobs(trx, ids);
}
