/** Every SQL statement on the `security_alert_tokens` table (the "this wasn't me" links; hashes only). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSecurityAlertToken(
  db: Db,
  userId: number,
  tokenHash: string,
  options: { restoreEmail?: string; now?: Date } = {},
): Promise<void> {
  await db
    .insertInto('security_alert_tokens')
    .values({ user_id: userId, token_hash: tokenHash, created_at: options.now ?? new Date(), restore_email: options.restoreEmail ?? null })
    .execute();
}

/**
 * Deletes the token and answers its user and the address it restores, if it was there and made
 * after `notBefore`: single use, since of two requests at once only one deletes the row.
 */
export async function consumeSecurityAlertToken(
  db: Db,
  tokenHash: string,
  notBefore: Date,
): Promise<{ userId: number; restoreEmail: string | null } | undefined> {
  const row = await db
    .deleteFrom('security_alert_tokens')
    .where('token_hash', '=', tokenHash)
    .where('created_at', '>', notBefore)
    .returning(['user_id', 'restore_email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, restoreEmail: row.restore_email };
}

/**
 * A used link takes every other link of the user's alerts with it: the account has been secured.
 * `keepRestoring` spares the links that give an old address back, so whoever changed the address
 * cannot use up the owner's link with a link of their own.
 */
export async function deleteSecurityAlertTokensOf(db: Db, userId: number, options: { keepRestoring?: boolean } = {}): Promise<void> {
  let query = db.deleteFrom('security_alert_tokens').where('user_id', '=', userId);
  if (options.keepRestoring) query = query.where('restore_email', 'is', null);
  await query.execute();
}
