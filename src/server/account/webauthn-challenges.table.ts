import type { Timestamp } from '#server/db/column-types.ts';

/** A WebAuthn ceremony's challenge: single use, short-lived. */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'authenticate';
  user_id: number | null;
  expires_at: Timestamp;
}
