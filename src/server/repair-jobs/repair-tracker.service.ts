/**
 * The customer's side of a repair job: the private tracker behind its link (/track/{token},
 * GET /api/repair-tracker/{token}) and the same tracker in the account (/account/repairs) for a
 * signed-in customer whose account or verified e-mail address matches the job; the message box.
 *
 * A link that is not ours, revoked, or older than REPAIR_TRACKER_DAYS_AFTER_COLLECTION days after
 * collection is a 404 that says nothing more; so is another customer's job id. No staff note and
 * no photo the shop has not shared ever leaves here.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { throttle } from '#server/auth/rate-limiter.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { REPAIR_MESSAGES_PER_HOUR } from '#shared/limits.ts';
import type { ExportedRepairJob, MyRepairs, RepairTracker } from '#shared/schemas/repair-jobs.ts';
import type { TrackerInsurance } from '#shared/schemas/insurance.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import * as jobs from './repair-jobs.repository.ts';
import * as stages from './repair-stages.repository.ts';
import * as history from './repair-job-history.repository.ts';
import * as dateChanges from './repair-job-date-changes.repository.ts';
import * as photos from './repair-job-photos.repository.ts';
import { matterOfRepairJob, messagesOfMatters, MessageRejected, postMessage } from '#server/threads/threads.service.ts';
import { trackerTokenHash } from './tracker-links.ts';
import { decodeCursor, encodeCursor } from '#server/db/keyset.ts';
import { ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT, type AccountPageInput } from '#shared/schemas/paging.ts';
import { presentRepairPhoto } from './repair-photos.service.ts';
import { presentDateChange, presentMessage } from './repair-job-presenter.ts';
import { estimatePathsOfQuotes } from '#server/estimates/estimate-paths.ts';
import { listClaimsOfRepairJobs } from '#server/insurance/insurance-claims.repository.ts';
import { currentTrackerToken } from './tracker-links.ts';
import { trackerInvoiceLinks } from '#server/invoices/tracker-invoice-links.ts';
import { balancesDueOfRepairJobs, isPaidReadyToCollect } from '#server/payments/amount-due.ts';
import { readyForCollectionStageId } from './ready-stage.ts';
import { onlinePaymentsOn } from '#server/payments/stripe-client.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'publicContent' | 'rateLimiter' | 'jobs'>;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The job a tracker link opens now, or undefined (not ours, revoked, expired, anonymised). */
export async function findJobByToken(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
  now: number,
): Promise<jobs.RepairJobRow | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const job = await jobs.findRepairJobByTokenHash(deps.db, trackerTokenHash(token));
  if (!job || job.tracker_revoked_at || job.anonymised_at) return undefined;
  if (job.collected_at && job.collected_at.getTime() + deps.config.repairTrackerDaysAfterCollection * DAY_MS < now) return undefined;
  return job;
}

/** Rows of several jobs, by job id (a job with none maps to nothing). */
function byJob<R extends { repair_job_id: number }>(rows: R[]): (jobId: number) => R[] {
  const grouped = new Map<number, R[]>();
  for (const row of rows) {
    const list = grouped.get(row.repair_job_id);
    if (list) list.push(row);
    else grouped.set(row.repair_job_id, [row]);
  }
  return (jobId) => grouped.get(jobId) ?? [];
}

/**
 * What the customer may see of the jobs: the stages, and each job's history, date changes, shared
 * photos and messages. One query per table whatever the number of jobs (the account's list and the
 * data export read many).
 */
async function readCustomerSide(db: Deps['db'], jobRows: jobs.RepairJobRow[]) {
  const jobIds = jobRows.map((j) => j.id);
  const [stageRows, historyRows, changeRows, photoRows, messagesOfMatter, claims] = await Promise.all([
    stages.listRepairStages(db),
    history.listStageHistoryOfJobs(db, jobIds),
    dateChanges.listDateChangesOfJobs(db, jobIds),
    photos.listRepairPhotosOfJobs(db, jobIds, { sharedOnly: true }),
    messagesOfMatters(
      db,
      jobRows.map((j) => matterOfRepairJob(j).matter_key),
    ),
    listClaimsOfRepairJobs(db, jobRows),
  ]);
  return {
    stageRows,
    claimOf: (jobId: number) => claims.get(jobId),
    historyOf: byJob(historyRows),
    changesOf: byJob(changeRows),
    photosOf: byJob(photoRows),
    // The job's messages are its matter's thread (shared with its quote and booking).
    messagesOf: (job: jobs.RepairJobRow) => messagesOfMatter(matterOfRepairJob(job).matter_key),
  };
}

/**
 * The claim as the customer reads it: the insurer, the claim number, the liability, the excess they
 * pay and whether the job sits at the stage that waits for the insurer; never the authority (the
 * waiting follows the stage alone, so nothing tells whether an authority is recorded).
 */
function insuranceOf(
  claim: { insurer_name: string; claim_number: string; liability: TrackerInsurance['liability']; excess_pence: number } | undefined,
  stage: stages.RepairStageRow | undefined,
): TrackerInsurance | null {
  if (!claim) return null;
  return {
    insurer_name: claim.insurer_name,
    claim_number: claim.claim_number,
    liability: claim.liability,
    excess_pence: claim.excess_pence,
    awaiting_authority: stage?.awaits_insurer_authority ?? false,
  };
}

/** The trackers of the jobs as the customer sees them, in the jobs' order. */
async function presentTrackers(
  deps: Pick<Deps, 'db' | 'config' | 'publicContent'>,
  jobRows: jobs.RepairJobRow[],
  now = Date.now(),
): Promise<RepairTracker[]> {
  const tokens = new Map<number, string>();
  for (const job of jobRows) {
    const token = job.tracker_revoked_at ? null : currentTrackerToken(deps.config.appKeys, job);
    if (token) tokens.set(job.id, token);
  }
  const [side, shop, estimatePaths, invoiceLinks, balances] = await Promise.all([
    readCustomerSide(deps.db, jobRows),
    readShop(deps),
    estimatePathsOfQuotes(
      deps.db,
      deps.config.appKeys,
      jobRows.flatMap((j) => (j.quote_request_id === null ? [] : [j.quote_request_id])),
    ),
    trackerInvoiceLinks(deps.db, tokens),
    // What is owed, for the jobs still in the shop only, all in a constant number of statements.
    balancesDueOfRepairJobs(
      deps.db,
      jobRows.filter((j) => !j.collected_at),
    ),
  ]);
  const readyStageId = readyForCollectionStageId(side.stageRows);
  const online = onlinePaymentsOn(deps.config);
  return jobRows.map((job) => {
    const balance = balances.get(job.id);
    // When the job last reached each stage (a stage reached twice shows the later time).
    const reached = new Map<number, Date>();
    for (const h of side.historyOf(job.id)) if (h.stage_id !== null) reached.set(h.stage_id, h.reached_at);
    return {
      id: job.id,
      reference: job.reference,
      vehicle: job.vehicle,
      registration: job.registration,
      agreed_work: job.agreed_work,
      promised_ready_on: job.promised_ready_on,
      collected_at: job.collected_at ? job.collected_at.toISOString() : null,
      stages: side.stageRows.map((s) => ({
        name: s.name,
        reached_at: reached.get(s.id)?.toISOString() ?? null,
        current: s.id === job.stage_id,
      })),
      date_changes: side.changesOf(job.id).map(presentDateChange),
      photos: side.photosOf(job.id).map((p) => presentRepairPhoto(deps.config.appKey, p, now)),
      messages: side.messagesOf(job).map(presentMessage),
      shop_telephone: shop.telephone,
      estimate_path: job.quote_request_id === null ? null : (estimatePaths.get(job.quote_request_id) ?? null),
      insurance: insuranceOf(
        side.claimOf(job.id),
        side.stageRows.find((s) => s.id === job.stage_id),
      ),
      invoices: invoiceLinks.get(job.id) ?? [],
      payment: balance
        ? {
            due_pence: balance.due_pence,
            online_payments: online,
            paid_ready_to_collect: isPaidReadyToCollect(job.stage_id, readyStageId, balance),
          }
        : null,
    };
  });
}

/** The tracker as the customer sees it. */
export async function presentTracker(
  deps: Pick<Deps, 'db' | 'config' | 'publicContent'>,
  job: jobs.RepairJobRow,
  now = Date.now(),
): Promise<RepairTracker> {
  const [tracker] = await presentTrackers(deps, [job], now);
  return tracker!;
}

/** The tracker behind a link, or undefined (the page's 404). */
export async function findTracker(deps: Pick<Deps, 'db' | 'config' | 'publicContent'>, token: string, now = Date.now()) {
  const job = await findJobByToken(deps, token, now);
  return job ? presentTracker(deps, job, now) : undefined;
}

/** The job behind a tracker link, or undefined (a 404): what the link may open, such as the job's invoice. */
export async function findTrackedJob(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<jobs.RepairJobRow | undefined> {
  return findJobByToken(deps, token, Date.now());
}

export async function getTracker(deps: Pick<Deps, 'db' | 'config' | 'publicContent'>, token: string): Promise<RepairTracker> {
  const tracker = await findTracker(deps, token);
  if (!tracker) throw AppError.notFound();
  return tracker;
}

export const REPAIR_MESSAGE_LIMIT = { limit: REPAIR_MESSAGES_PER_HOUR, windowSeconds: 60 * 60 } as const;

/** A message from the tracker: throttled per address and per job (429), then kept in the job's matter thread. */
async function keepMessage(deps: Deps, job: jobs.RepairJobRow, message: string, ip: string | null): Promise<void> {
  await throttle(deps.rateLimiter, [
    { key: `repair-message:${ip ?? ''}`, ...REPAIR_MESSAGE_LIMIT },
    { key: `repair-message-job:${job.id}`, ...REPAIR_MESSAGE_LIMIT },
  ]);
  try {
    await postMessage(deps.db, matterOfRepairJob(job), { side: 'customer', body: message }, new Date(), deps);
  } catch (error) {
    if (error instanceof MessageRejected) throw AppError.field('message', error.message);
    throw error;
  }
}

export async function sendTrackerMessage(deps: Deps, token: string, message: string, ip: string | null): Promise<RepairTracker> {
  const job = await findJobByToken(deps, token, Date.now());
  if (!job) throw AppError.notFound();
  await keepMessage(deps, job, message, ip);
  return presentTracker(deps, job);
}

/** Only a verified address matches a job by e-mail: an account can be opened with anyone's address. */
export function customerJobs(deps: Pick<Deps, 'db'>, user: Pick<SessionUser, 'id' | 'email' | 'email_verified_at'>) {
  return jobs.findRepairJobsOfCustomer(deps.db, user.id, user.email_verified_at ? user.email : null);
}

/** One page of the signed-in customer's jobs, newest first; collected ones stay (no link expiry here). */
export async function listMyRepairs(
  deps: Pick<Deps, 'db' | 'config' | 'publicContent'>,
  user: SessionUser,
  page: AccountPageInput = {},
): Promise<MyRepairs> {
  const limit = Math.min(page.limit ?? ACCOUNT_LIST_DEFAULT_LIMIT, ACCOUNT_LIST_MAX_LIMIT);
  const found = await jobs.findRepairJobPageOfCustomer(
    deps.db,
    user.id,
    user.email_verified_at ? user.email : null,
    limit + 1,
    page.cursor ? decodeCursor(page.cursor) : undefined,
  );
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return {
    data: await presentTrackers(
      deps,
      rows.map(({ key_micros: _key, ...row }) => row),
    ),
    next_cursor: found.length > limit && last ? encodeCursor(last.key_micros, last.id) : null,
  };
}

export async function sendMyRepairMessage(
  deps: Deps,
  user: SessionUser,
  input: { id: number; message: string },
  ip: string | null,
): Promise<RepairTracker> {
  const job = (await customerJobs(deps, user)).find((j) => j.id === input.id);
  if (!job) throw AppError.notFound();
  await keepMessage(deps, job, input.message, ip);
  return presentTracker(deps, job);
}

/**
 * The customer's repair jobs in their data export: what the tracker shows and the contact details
 * they gave; never the staff notes, and the photos only counted (their links would have expired).
 */
export async function exportMyRepairJobs(deps: Pick<Deps, 'db'>, userId: number): Promise<ExportedRepairJob[]> {
  const user = await findSessionUser(deps.db, userId);
  if (!user) return [];
  const rows = await customerJobs(deps, user);
  const side = await readCustomerSide(deps.db, rows);
  return rows.map((job) => ({
    id: job.id,
    reference: job.reference,
    customer_name: job.customer_name,
    customer_email: job.customer_email,
    customer_telephone: job.customer_telephone,
    vehicle: job.vehicle,
    registration: job.registration,
    agreed_work: job.agreed_work,
    promised_ready_on: job.promised_ready_on,
    collected_at: job.collected_at ? job.collected_at.toISOString() : null,
    current_stage: side.stageRows.find((s) => s.id === job.stage_id)?.name ?? null,
    stages_reached: side.historyOf(job.id).map((h) => ({ stage_name: h.stage_name, reached_at: h.reached_at.toISOString() })),
    date_changes: side.changesOf(job.id).map(presentDateChange),
    shared_photo_count: side.photosOf(job.id).length,
    messages: side.messagesOf(job).map(presentMessage),
  }));
}
