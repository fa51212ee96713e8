import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { InsuranceLiability } from '#shared/value-sets.ts';

/**
 * An insured matter (insurance/insurance-claims.repository.ts): a quote request and/or its repair
 * job, the insurer, the claim number, liability, the excess the customer pays (pence) and the
 * insurer's authority (amount in pence and the calendar date, read back as 'YYYY-MM-DD').
 */
export interface InsuranceClaimsTable {
  id: Generated<number>;
  quote_request_id: number | null;
  repair_job_id: number | null;
  insurer_id: number;
  claim_number: string;
  liability: InsuranceLiability;
  excess_pence: ColumnType<number, number | undefined, number>;
  authorised_pence: number | null;
  authorised_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
