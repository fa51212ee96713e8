/**
 * The "Awaiting insurer authority" stage (docs/decisions/insurance-claims-and-the-insurer-pack.md):
 * an insured job cannot be moved to a stage after it until the insurer's authority is recorded: a
 * 422 on `stage_id` that says so (refused, not warned: work done before authority is the shop's
 * risk). Moving back, to it, or before it is always allowed; a job that is not insured never waits.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { INSURANCE_MESSAGES } from '#shared/schemas/insurance.ts';
import { findInsurerAuthorityStage, type RepairStageRow } from '#server/repair-jobs/repair-stages.repository.ts';
import { findClaimOfRepairJob } from './insurance-claims.repository.ts';

export async function assertMayPassInsurerAuthority(
  db: Kysely<Database>,
  job: { id: number; quote_request_id: number | null },
  target: RepairStageRow,
): Promise<void> {
  const waitAt = await findInsurerAuthorityStage(db);
  if (!waitAt || target.position <= waitAt.position) return;
  const claim = await findClaimOfRepairJob(db, job);
  if (claim && claim.authorised_pence === null) throw AppError.field('stage_id', INSURANCE_MESSAGES.needsAuthority);
}
