import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A WebAuthn ceremony's challenge: single use, short-lived. */
export interface WebauthnChallengesTable {
  challenge: string;
  /** 'confirm': a passkey in place of the password before a protected action. */
  purpose: 'register' | 'authenticate' | 'confirm';
  user_id: number | null;
  /** The session a 'confirm' challenge was made for (null for the others). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
}
