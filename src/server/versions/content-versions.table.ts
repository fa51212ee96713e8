import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';
import type { ContentKind, ContentVersionStatus } from '#shared/value-sets.ts';

/** A kept version (or the one draft) of an item an admin edits; `data` is the item's fields as JSON. */
export interface ContentVersionsTable {
  id: Generated<number>;
  item_kind: ContentKind;
  item_id: number;
  number: number | null;
  status: ContentVersionStatus;
  data: string;
  author_id: number | null;
  restored_from: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
