/** Every SQL statement on the `webauthn_challenges` table (single use, short-lived). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertChallenge(
  db: Db,
  challenge: { challenge: string; purpose: 'register' | 'authenticate'; userId: number | null; expiresAt: Date },
): Promise<void> {
  // Dead challenges go as new ones come: the table holds only the last few minutes' ceremonies.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge: challenge.challenge, purpose: challenge.purpose, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

/** Deletes the challenge and answers true if it was live, for this purpose and user: single use under races. */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
): Promise<boolean> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
