import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** The single-use "this wasn't me" link of a security e-mail (only the token's SHA-256). */
export interface SecurityAlertTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  /** On the link mailed to the old address of an e-mail change: the address that link restores. */
  restore_email: ColumnType<string | null, string | null | undefined, string | null>;
}
