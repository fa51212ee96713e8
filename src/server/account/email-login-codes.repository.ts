/** Every SQL statement on the `email_login_codes` table (one live code per user; HMACs only). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's new code replaces any earlier one (its tries start again). */
export async function replaceEmailLoginCode(db: Db, userId: number, codeHash: string, expiresAt: Date, now = new Date()): Promise<void> {
  await db
    .insertInto('email_login_codes')
    .values({ user_id: userId, code_hash: codeHash, attempts: 0, created_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: codeHash, attempts: 0, created_at: now, expires_at: expiresAt }))
    .execute();
}

/** The user's live code: not expired and with tries left. */
export function findLiveEmailLoginCode(db: Db, userId: number, maxAttempts: number, now = new Date()) {
  return db
    .selectFrom('email_login_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
}

/** Counts a wrong try, only while tries are left (parallel guesses cannot pass the limit). */
export async function countWrongEmailLoginCode(db: Db, id: number, maxAttempts: number): Promise<void> {
  await db
    .updateTable('email_login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .execute();
}

/** Uses the code up; false when a parallel request used it first, or its tries ran out meanwhile. */
export async function consumeEmailLoginCode(db: Db, id: number, codeHash: string, maxAttempts: number, now = new Date()): Promise<boolean> {
  const result = await db
    .deleteFrom('email_login_codes')
    .where('id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
