import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { EstimateStatus } from '#shared/value-sets.ts';

/** One estimate per quote request; its status is its latest version's (estimates/estimates.repository.ts). */
export interface EstimatesTable {
  id: Generated<number>;
  quote_request_id: number;
  status: ColumnType<EstimateStatus, EstimateStatus | undefined, EstimateStatus>;
  /** The private link's salt and its token's sha256 (estimate-links.ts); no hash: no link yet. */
  link_salt: string;
  link_token_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
