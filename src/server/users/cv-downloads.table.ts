import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface CvDownloadsTable {
  id: Generated<number>;
  user_id: number;
  downloaded_by: number | null;
  downloaded_at: Timestamp;
}
