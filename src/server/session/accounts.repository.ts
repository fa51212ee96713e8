// SQL for accounts: users as the session area sees them, password reset tokens, and session rows.
import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserUpdate } from '#server/db/types.ts';
import { presentableUserColumns } from '#server/users/user-presenter.ts';

type Db = Kysely<Database>;

/** What sign-in needs to decide; the hash never leaves the service. */
export function findLoginUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'two_factor_confirmed_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findPresentableUser(db: Db, id: number) {
  return db.selectFrom('users').select(presentableUserColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserForMail(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'firstname', 'email', 'email_verified_at']).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailForMail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'firstname', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findPasswordHash(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', id).executeTakeFirst();
}

export function findCvFields(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'cv_file_key']).where('id', '=', id).executeTakeFirst();
}

export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, id: number, values: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markEmailVerified(db: Db, id: number, email: string, now = new Date()): Promise<void> {
  // Only for the address the link was made for: an e-mail changed since then stays unverified.
  await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

export async function replacePasswordResetToken(db: Db, userId: number, tokenHash: string, now = new Date()): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now }).execute();
}

export function findPasswordResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['password_reset_tokens.id as token_id', 'password_reset_tokens.created_at', 'users.id as user_id', 'users.email'])
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

export async function setPasswordConfirmedAt(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ password_confirmed_at: at }).where('id', '=', sessionId).execute();
}

export function findPendingLogin(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'pending_user_id', 'pending_remember', 'pending_expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}
