/** Every SQL statement on the `staff_invitations` table (only link tokens' hashes are stored). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { StaffRole } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

export async function insertInvitation(
  db: Db,
  values: { email: string; name: string; staff_role: StaffRole; token_salt: string; invited_by: number; expires_at: Date },
): Promise<number> {
  // The token is made from the id, so the row starts with a unique placeholder no sha256 can equal.
  const row = await db
    .insertInto('staff_invitations')
    .values({ ...values, token_hash: `pending:${values.token_salt}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setInvitationToken(db: Db, id: number, tokenHash: string): Promise<void> {
  await db.updateTable('staff_invitations').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

/** The open (neither accepted nor revoked) invitation to an address, locked for a re-invite. */
export function findOpenInvitationByEmail(db: Db, email: string) {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function renewInvitation(
  db: Db,
  id: number,
  values: { name: string; staff_role: StaffRole; token_salt: string; token_hash: string; invited_by: number; expires_at: Date },
): Promise<void> {
  await db.updateTable('staff_invitations').set(values).where('id', '=', id).execute();
}

export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findInvitation(db: Db, id: number) {
  return db.selectFrom('staff_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of open invitations, newest first; one more row than asked tells whether a next page exists. */
export function findOpenInvitationPage(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'name', 'staff_role', 'created_at', 'expires_at'])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** Revokes an open invitation; false when it was not open. */
export async function revokeInvitation(db: Db, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an open, unexpired invitation used; false when another request used it first or it lapsed. */
export async function markInvitationAccepted(db: Db, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
