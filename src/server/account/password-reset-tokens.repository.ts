/** Every SQL statement on the `password_reset_tokens` table (only tokens' hashes are stored). */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database>;

/** One live token per user: a new request replaces the old one. */
export async function replacePasswordResetToken(db: Db, userId: number, tokenHash: string, now = new Date()): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now }).execute();
}

export function findPasswordResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select([
      'password_reset_tokens.id as token_id',
      'password_reset_tokens.created_at',
      'users.id as user_id',
      'users.email',
      'users.created_at as user_created_at',
      'users.password_reset_at',
    ])
    .where('password_reset_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Deletes the token row; false when another request used it first. */
export async function consumePasswordResetToken(db: Db, tokenId: number): Promise<boolean> {
  const result = await db.deleteFrom('password_reset_tokens').where('id', '=', tokenId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deletePasswordResetTokensOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}
