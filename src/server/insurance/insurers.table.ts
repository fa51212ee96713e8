import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** The insurers the shop keeps in its list (insurance/insurers.repository.ts). */
export interface InsurersTable {
  id: Generated<number>;
  name: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}
