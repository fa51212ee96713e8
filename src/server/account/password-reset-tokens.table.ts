import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}
