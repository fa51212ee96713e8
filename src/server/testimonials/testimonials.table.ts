import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  score: number;
  review: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the row is in the bin; every normal read skips it. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}
