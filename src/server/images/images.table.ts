import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface ImagesTable {
  id: Generated<number>;
  original_key: string;
  large_key: string;
  large_width: number;
  large_height: number;
  thumb_key: string;
  thumb_width: number;
  thumb_height: number;
  /** Null until the medium variant is made (rows written before it existed: images/medium-backfill.ts). */
  medium_key: string | null;
  medium_width: number | null;
  medium_height: number | null;
  created_at: Timestamp;
}

export type ImageRow = Selectable<ImagesTable>;
