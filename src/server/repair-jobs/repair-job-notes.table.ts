import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface RepairJobNotesTable {
  id: Generated<number>;
  repair_job_id: number;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}
