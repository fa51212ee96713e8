/**
 * A quote's or a repair job's insurance claim (docs/decisions/insurance-claims-and-the-insurer-pack.md):
 * mark insured (an active insurer from the shop's list, the claim number, fault or non-fault, the
 * excess the customer pays), record the insurer's authority (amount and date), remove. One claim
 * per matter: a job opened from an insured quote reads and changes the quote's claim. Each change
 * is in the activity log. The invoice split and paying the excess online read these rows.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { localMoment } from '#shared/calendar-date.ts';
import {
  INSURANCE_MESSAGES,
  type ClaimAuthorityInput,
  type ClaimMatterInput,
  type ClaimOfMatter,
  type ClaimSaveInput,
  type InsuranceClaim,
} from '#shared/schemas/insurance.ts';
import { findQuoteRequest } from '#server/quotes/quote-requests.repository.ts';
import { findRepairJob } from '#server/repair-jobs/repair-jobs.repository.ts';
import * as claims from './insurance-claims.repository.ts';
import { findInsurer } from './insurers.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'publicContent'>;
type Db = Kysely<Database>;

export interface MatterOfClaim {
  matter: ClaimMatterInput['matter'];
  id: number;
  reference: string;
  /** For a new claim: the columns that tie it to the matter. */
  keys: { quote_request_id: number | null; repair_job_id: number | null };
  claim: claims.ClaimWithInsurer | undefined;
}

export function presentClaim(row: claims.ClaimWithInsurer): InsuranceClaim {
  return {
    id: row.id,
    quote_request_id: row.quote_request_id,
    repair_job_id: row.repair_job_id,
    insurer_id: row.insurer_id,
    insurer_name: row.insurer_name,
    claim_number: row.claim_number,
    liability: row.liability,
    excess_pence: row.excess_pence,
    authorised_pence: row.authorised_pence,
    authorised_on: row.authorised_on,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The quote request or job and its claim; a 404 when the matter is not there. */
export async function findMatter(db: Db, input: ClaimMatterInput, options: { lock?: boolean } = {}): Promise<MatterOfClaim> {
  if (input.matter === 'quote-requests') {
    const request = await findQuoteRequest(db, input.id, options);
    if (!request) throw AppError.notFound();
    return {
      matter: input.matter,
      id: request.id,
      reference: request.reference,
      keys: { quote_request_id: request.id, repair_job_id: null },
      claim: await claims.findClaimOfQuoteRequest(db, request.id),
    };
  }
  const job = await findRepairJob(db, input.id, options);
  if (!job) throw AppError.notFound();
  return {
    matter: input.matter,
    id: job.id,
    reference: job.reference,
    keys: { quote_request_id: job.quote_request_id, repair_job_id: job.id },
    claim: await claims.findClaimOfRepairJob(db, job),
  };
}

const itemOf = (m: MatterOfClaim) => ({
  type: m.matter === 'quote-requests' ? 'quote_request' : 'repair_job',
  id: m.id,
  label: m.reference,
});

async function answer(db: Db, input: ClaimMatterInput): Promise<ClaimOfMatter> {
  const { claim } = await findMatter(db, input);
  return { claim: claim ? presentClaim(claim) : null };
}

export async function getClaim(deps: Deps, input: ClaimMatterInput): Promise<ClaimOfMatter> {
  return answer(deps.db, input);
}

/** Marks the matter insured, or changes its claim; the insurer must be in the list and active (422 on insurer_id). */
export async function saveClaim(deps: Deps, actor: Actor, input: ClaimSaveInput): Promise<ClaimOfMatter> {
  return deps.db.transaction().execute(async (trx) => {
    const matter = await findMatter(trx, input, { lock: true });
    const insurer = await findInsurer(trx, input.insurer_id);
    if (!insurer) throw AppError.field('insurer_id', INSURANCE_MESSAGES.unknownInsurer);
    // An insurer taken out of the list stays on the claim that already names it.
    if (!insurer.active && matter.claim?.insurer_id !== insurer.id) throw AppError.field('insurer_id', INSURANCE_MESSAGES.inactiveInsurer);
    const values = {
      insurer_id: insurer.id,
      claim_number: input.claim_number,
      liability: input.liability,
      excess_pence: input.excess_pence,
    };
    if (matter.claim) await claims.updateInsuranceClaim(trx, matter.claim.id, values);
    else await claims.insertInsuranceClaim(trx, { ...matter.keys, ...values });
    await recordActivity(trx, {
      actor,
      kind: 'insurance-claim-saved',
      item: itemOf(matter),
      details: `${insurer.name}, claim ${input.claim_number}`,
    });
    return answer(trx, input);
  });
}

/** The insurer's authority: the amount and the day it was given (not after today at the shop). */
export async function recordAuthority(deps: Deps, actor: Actor, input: ClaimAuthorityInput, now = new Date()): Promise<ClaimOfMatter> {
  const shop = await readShop(deps);
  if (input.authorised_on > localMoment(now, shop.timeZone).date) throw AppError.field('authorised_on', INSURANCE_MESSAGES.futureAuthority);
  return deps.db.transaction().execute(async (trx) => {
    const matter = await findMatter(trx, input, { lock: true });
    if (!matter.claim) throw AppError.notFound(INSURANCE_MESSAGES.noClaim);
    await claims.updateInsuranceClaim(trx, matter.claim.id, {
      authorised_pence: input.authorised_pence,
      authorised_on: input.authorised_on,
    });
    await recordActivity(trx, { actor, kind: 'insurance-authority-recorded', item: itemOf(matter), details: input.authorised_on });
    return answer(trx, input);
  });
}

/** No longer insured: the claim goes (the activity log keeps that it did). */
export async function removeClaim(deps: Deps, actor: Actor, input: ClaimMatterInput): Promise<ClaimOfMatter> {
  return deps.db.transaction().execute(async (trx) => {
    const matter = await findMatter(trx, input, { lock: true });
    if (!matter.claim) throw AppError.notFound(INSURANCE_MESSAGES.noClaim);
    await claims.deleteInsuranceClaim(trx, matter.claim.id);
    await recordActivity(trx, { actor, kind: 'insurance-claim-removed', item: itemOf(matter), details: matter.claim.claim_number });
    return { claim: null };
  });
}
