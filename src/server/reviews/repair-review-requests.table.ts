import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

/** The review request after collection (reviews/repair-review-requests.repository.ts). */
export interface RepairReviewRequestsTable {
  id: Generated<number>;
  repair_job_id: number;
  token_hash: string | null;
  token_salt: string;
  sent_at: NullableTimestamp;
  reminder_sent_at: NullableTimestamp;
  responded_at: NullableTimestamp;
  score: number | null;
  feedback: string | null;
  display_name: string | null;
  consent: ColumnType<boolean, boolean | undefined, boolean>;
  moderation: 'pending' | 'approved' | 'rejected' | null;
  testimonial_id: number | null;
  created_at: Timestamp;
}
