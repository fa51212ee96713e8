import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '#server/db/column-types.ts';
import type { WidgetType } from '#shared/value-sets.ts';

export interface WidgetsTable {
  id: Generated<number>;
  name: string;
  type: WidgetType;
  html: ColumnType<string, string | undefined, string>;
  image_id: number | null;
  alt: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the row is in the bin; every normal read skips it. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}
