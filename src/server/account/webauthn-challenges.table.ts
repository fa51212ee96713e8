import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types.ts';

/** A WebAuthn ceremony's challenge: single use, short-lived. */
export interface WebauthnChallengesTable {
  challenge: string;
  /**
   * 'confirm': a passkey in place of the password before a protected action; 'invitation': the
   * passkey an invited member of staff sets up instead of a password (no user yet, so user_id null).
   */
  purpose: 'register' | 'authenticate' | 'confirm' | 'invitation';
  user_id: number | null;
  /** The session a 'confirm' challenge was made for (null for the others). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
}
