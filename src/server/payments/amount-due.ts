/**
 * What a customer owes, worked out in this one place and only on the server (checkout, the
 * tracker, the manage page and the admin's panel all ask here; a client never sends an amount):
 *
 * - a booking's deposit: its type's deposit_kind: `fixed` pence, or a `share` (basis points) of
 *   the accepted estimate's VAT-inclusive total of the booking's quote, rounded half up to the
 *   penny; `none`, or a share with no accepted estimate yet, is no deposit. Less what the booking
 *   has been paid, never below 0.
 * - a repair job's balance: the accepted estimate's total (its latest accepted version: a
 *   supplement is a whole new version, so it includes the supplements) less what the job, its
 *   booking and its quote have been paid net of refunds. An insured job's customer owes only the
 *   excess less what they paid: the insurer pays the rest.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { estimateTotals } from '#shared/money/estimate-totals.ts';
import type { DepositKind } from '#shared/value-sets.ts';
import { findBookingType } from '#server/bookings/booking-types.repository.ts';
import { listEstimatesOfQuotes } from '#server/estimates/estimates.repository.ts';
import { listVersionsOfEstimates, type EstimateVersionRow } from '#server/estimates/estimate-versions.repository.ts';
import { listLinesOfVersions } from '#server/estimates/estimate-lines.repository.ts';
import { listClaimsOfRepairJobs } from '#server/insurance/insurance-claims.repository.ts';
import { netPaidPenceOfBooking, netPaidPenceOfRepairJobs } from './payments.repository.ts';

type Db = Kysely<Database>;

export interface DepositRule {
  deposit_kind: DepositKind;
  deposit_fixed_pence: number;
  deposit_share_bp: number;
}

/** `bp` basis points of `pence`, half up to the penny, in integers (2500 bp of 10,001p is 2,500.25p: 2,500p). */
export function shareOfPence(pence: number, bp: number): number {
  return Math.floor((pence * bp + 5000) / 10000);
}

/** The deposit a booking type asks, before anything is paid; `acceptedTotalPence` null: no accepted estimate. */
export function depositPence(rule: DepositRule, acceptedTotalPence: number | null): number {
  switch (rule.deposit_kind) {
    case 'none':
      return 0;
    case 'fixed':
      return rule.deposit_fixed_pence;
    case 'share':
      return acceptedTotalPence === null ? 0 : shareOfPence(acceptedTotalPence, rule.deposit_share_bp);
  }
}

/** What is still to pay: `owed` less `paid`, never below 0 (an overpayment is the shop's to refund). */
export function stillDue(owedPence: number, paidPence: number): number {
  return Math.max(0, owedPence - paidPence);
}

/**
 * The VAT-inclusive totals of these quotes' latest accepted estimate versions, in three statements
 * whatever their number (estimates, versions, lines). A quote with no accepted version is absent.
 */
export async function acceptedTotalsPenceOfQuotes(db: Db, quoteRequestIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const estimates = await listEstimatesOfQuotes(db, [...new Set(quoteRequestIds)]);
  const versions = await listVersionsOfEstimates(
    db,
    estimates.map((e) => e.id),
  );
  // An accepted version keeps its accepted_name when a later supplement supersedes it.
  const latestOf = new Map<number, EstimateVersionRow>();
  for (const v of versions) {
    if (v.accepted_name === null || v.answered_at === null) continue;
    const seen = latestOf.get(v.estimate_id);
    if (!seen || v.number > seen.number) latestOf.set(v.estimate_id, v);
  }
  const lines = await listLinesOfVersions(
    db,
    [...latestOf.values()].map((v) => v.id),
  );
  for (const estimate of estimates) {
    const latest = latestOf.get(estimate.id);
    if (!latest) continue;
    out.set(estimate.quote_request_id, estimateTotals(lines.filter((l) => l.version_id === latest.id)).gross_pence);
  }
  return out;
}

/** The VAT-inclusive total of a quote's latest accepted estimate version, or null when none was accepted. */
export async function acceptedTotalPenceOfQuote(db: Db, quoteRequestId: number | null): Promise<number | null> {
  if (quoteRequestId === null) return null;
  return (await acceptedTotalsPenceOfQuotes(db, [quoteRequestId])).get(quoteRequestId) ?? null;
}

export interface BookingForDue {
  id: number;
  booking_type_id: number;
  quote_request_id: number | null;
}

/** The deposit a booking still owes, in pence (0: none asked, or paid). */
export async function depositDueOfBooking(db: Db, booking: BookingForDue): Promise<number> {
  const type = await findBookingType(db, booking.booking_type_id);
  if (!type || type.deposit_kind === 'none') return 0;
  const total = type.deposit_kind === 'share' ? await acceptedTotalPenceOfQuote(db, booking.quote_request_id) : null;
  return stillDue(depositPence(type, total), await netPaidPenceOfBooking(db, booking.id));
}

export interface JobForDue {
  id: number;
  booking_id: number | null;
  quote_request_id: number | null;
}

export interface BalanceDue {
  due_pence: number;
  /** What the customer owes in all: the accepted total, or an insured job's excess. */
  owed_pence: number;
  paid_pence: number;
  /** The customer pays only the excess (insured). */
  insured: boolean;
}

/**
 * The balances of many repair jobs in a constant number of statements (claims, net paid, and the
 * accepted totals' three), whatever the number of jobs: list pages ask here, never per row.
 */
export async function balancesDueOfRepairJobs(db: Db, jobs: readonly JobForDue[]): Promise<Map<number, BalanceDue>> {
  const out = new Map<number, BalanceDue>();
  if (jobs.length === 0) return out;
  const [claims, paid] = await Promise.all([
    listClaimsOfRepairJobs(db, jobs),
    netPaidPenceOfRepairJobs(
      db,
      jobs.map((j) => j.id),
    ),
  ]);
  // Only uninsured jobs owe the accepted total, so only their quotes are read.
  const quoteIds = jobs.flatMap((j) => (claims.has(j.id) || j.quote_request_id === null ? [] : [j.quote_request_id]));
  const totals = await acceptedTotalsPenceOfQuotes(db, quoteIds);
  for (const job of jobs) {
    const claim = claims.get(job.id);
    const owed = claim ? claim.excess_pence : job.quote_request_id === null ? 0 : (totals.get(job.quote_request_id) ?? 0);
    const paidPence = paid.get(job.id) ?? 0;
    out.set(job.id, { due_pence: stillDue(owed, paidPence), owed_pence: owed, paid_pence: paidPence, insured: claim !== undefined });
  }
  return out;
}

/** A repair job's balance as the customer owes it (the batch of one, so there is one rule). */
export async function balanceDueOfRepairJob(db: Db, job: JobForDue): Promise<BalanceDue> {
  return (await balancesDueOfRepairJobs(db, [job])).get(job.id)!;
}

/** "Paid, ready to collect": at the ready-for-collection stage with something owed and nothing left to pay. */
export function isPaidReadyToCollect(
  stageId: number,
  readyStageId: number | null,
  balance: Pick<BalanceDue, 'due_pence' | 'owed_pence'>,
): boolean {
  return readyStageId !== null && stageId === readyStageId && balance.owed_pence > 0 && balance.due_pence === 0;
}
