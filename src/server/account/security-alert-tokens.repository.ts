/** Every SQL statement on the `security_alert_tokens` table (the "this wasn't me" links; hashes only). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSecurityAlertToken(db: Db, userId: number, tokenHash: string, now = new Date()): Promise<void> {
  await db.insertInto('security_alert_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now }).execute();
}

/**
 * Deletes the token and answers its user, if it was there and made after `notBefore`: single use,
 * since of two requests at once only one deletes the row.
 */
export async function consumeSecurityAlertToken(db: Db, tokenHash: string, notBefore: Date): Promise<number | undefined> {
  const row = await db
    .deleteFrom('security_alert_tokens')
    .where('token_hash', '=', tokenHash)
    .where('created_at', '>', notBefore)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** A used link takes every other link of the user's alerts with it: the account has been secured. */
export async function deleteSecurityAlertTokensOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('security_alert_tokens').where('user_id', '=', userId).execute();
}
