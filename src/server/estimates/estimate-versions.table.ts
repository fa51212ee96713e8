import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { EstimateStatus } from '#shared/value-sets.ts';

/** A version of an estimate: the draft, or a sent one that never changes (estimates/estimate-versions.repository.ts). */
export interface EstimateVersionsTable {
  id: Generated<number>;
  estimate_id: number;
  number: number;
  status: ColumnType<EstimateStatus, EstimateStatus | undefined, EstimateStatus>;
  notes: ColumnType<string, string | undefined, string>;
  labour_rate_pence: number;
  vat_number: ColumnType<string, string | undefined, string>;
  terms: ColumnType<string, string | undefined, string>;
  /** sha256 of what the sent version says (estimate-hash.ts); null on the draft. */
  content_hash: string | null;
  sent_at: NullableTimestamp;
  valid_until: NullableTimestamp;
  sent_by: number | null;
  answered_at: NullableTimestamp;
  accepted_name: string | null;
  /** A PNG data URL of the drawn signature, size-limited; null when none was drawn. */
  accepted_signature: string | null;
  start_within_cancellation: boolean | null;
  decline_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
