/**
 * Every SQL statement on the `sessions` table. Rows are keyed by the SHA-256 of the cookie's
 * token (auth/sessions.ts computes it); nothing here sees a token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { SessionRow } from '#server/auth/sessions.table.ts';
import { SWEEP_BATCH } from '#server/db/batches.ts';

type Db = Kysely<Database>;
type NewSessionRow = SessionRow;

export function findSession(db: Db, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes the row, replacing any row with the same id. */
export async function replaceSession(db: Db, row: NewSessionRow): Promise<SessionRow> {
  await db.deleteFrom('sessions').where('id', '=', row.id).execute();
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function touchSession(db: Db, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Every session of a user, signed in or half-way through a two-factor login, except `keepId`. */
export async function deleteSessionsOfUser(db: Db, userId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where((eb) => eb.or([eb('user_id', '=', userId), eb('pending_user_id', '=', userId)]));
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** Deletes up to `limit` expired sessions, chosen by the expires_at index (a sweep repeats it). */
export async function deleteExpiredSessions(db: Db, now = new Date(), limit = SWEEP_BATCH): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', db.selectFrom('sessions').select('id').where('expires_at', '<=', now).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setPasswordConfirmedAt(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ password_confirmed_at: at }).where('id', '=', id).execute();
}

export function findPendingLogin(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'pending_user_id', 'pending_remember', 'pending_expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A user's signed-in sessions that have not expired, the most recently active first. A pending
 * two-factor login is not one: its row has no user_id until the code is given.
 */
export function findSignedInSessionsOfUser(db: Db, userId: number, now = new Date()) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip_address', 'user_agent', 'last_seen_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one session, only when it is the user's; true when a row went. */
export async function deleteSessionOfUser(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
