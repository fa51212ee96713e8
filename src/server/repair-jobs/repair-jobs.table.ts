import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

/** A car in the workshop (repair-jobs/repair-jobs.repository.ts). booking_id: the booking it was opened from (one job per booking). */
export interface RepairJobsTable {
  id: Generated<number>;
  reference: string;
  quote_request_id: number | null;
  booking_id: number | null;
  user_id: number | null;
  customer_name: string;
  customer_email: string;
  customer_telephone: string | null;
  vehicle: string;
  registration: string | null;
  agreed_work: string;
  /** A calendar date, read back as 'YYYY-MM-DD'. */
  promised_ready_on: string;
  stage_id: number;
  tracker_token_hash: string | null;
  tracker_salt: string;
  tracker_revoked_at: NullableTimestamp;
  collected_at: NullableTimestamp;
  notified_stage_id: number | null;
  anonymised_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
