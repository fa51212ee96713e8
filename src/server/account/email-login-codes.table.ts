import type { Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A one-time sign-in code sent by e-mail (account/email-codes.service.ts); one live code per user. */
export interface EmailLoginCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA-256 (APP_KEY) of the user's id and the code. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}
