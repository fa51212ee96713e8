/** Every SQL statement on the `webauthn_challenges` table (single use, short-lived). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { WebauthnChallengesTable } from './webauthn-challenges.table.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ChallengePurpose = WebauthnChallengesTable['purpose'];

/** Who a challenge is for: a user (null: anyone, a sign-in) and, for a confirmation, the session. */
export interface ChallengeOwner {
  userId: number | null;
  sessionId?: string | null;
}

export async function insertChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; expiresAt: Date } & ChallengeOwner,
): Promise<void> {
  // Dead challenges go as new ones come: the table holds only the last few minutes' ceremonies.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      session_id: challenge.sessionId ?? null,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** Deletes the challenge and answers true if it was live, for this purpose, user and session: single use under races. */
export async function consumeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, owner: ChallengeOwner): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date());
  query = owner.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', owner.userId);
  query = owner.sessionId ? query.where('session_id', '=', owner.sessionId) : query.where('session_id', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
