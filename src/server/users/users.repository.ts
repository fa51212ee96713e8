/**
 * Every SQL statement on the `users` table: sign-in, the account area, two-factor columns, the
 * admin's screens and the first admin. Services call these inside the transactions they open;
 * nothing here opens one. E-mail comparisons are case-insensitive (the unique index is on
 * lower(email)).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { NewUserRow, UserRow, UserUpdate } from '#server/users/users.table.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { presentableUserColumns } from './user-presenter.ts';

type Db = Kysely<Database>;

/** The columns the server keeps on a request for its signed-in user (auth/sessions.ts). */
export const sessionUserColumns = [
  'id',
  'firstname',
  'lastname',
  'email',
  'role',
  'staff_role',
  'email_verified_at',
  'two_factor_confirmed_at',
] as const satisfies readonly (keyof UserRow)[];

function byEmail(email: string) {
  return sql<boolean>`lower(email) = ${email.toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// reads

export function findPresentableUser(db: Db, id: number) {
  return db.selectFrom('users').select(presentableUserColumns).where('id', '=', id).executeTakeFirst();
}

export function findSessionUser(db: Db, id: number) {
  return db.selectFrom('users').select(sessionUserColumns).where('id', '=', id).executeTakeFirst();
}

/** What sign-in needs to decide; the hash never leaves the service. */
export function findLoginUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'two_factor_confirmed_at'])
    .where(byEmail(email))
    .executeTakeFirst();
}

export function findUserForMail(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'firstname', 'email', 'email_verified_at']).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailForMail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'firstname', 'email']).where(byEmail(email)).executeTakeFirst();
}

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select('id').where(byEmail(email)).executeTakeFirst();
}

export function findPasswordHash(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'password_hash']).where('id', '=', id).executeTakeFirst();
}

export function findCv(db: Db, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .selectFrom('users')
    .select(['id', 'email', 'cv_file_key', 'cv_original_name', 'cv_mime_type', 'cv_size'])
    .where('id', '=', id);
  // Locked: two downloads through one single-use link are decided one after the other.
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(byEmail(email));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()) !== undefined;
}

/**
 * The searched fields as one text, joined by a unit separator (chr(31)) no search holds, so a match
 * never spans two fields; written as the trigram index's expression
 * (migrations/2026-12-03T0900_users_list_indexes.ts), which serves LIKE '%…%' on it.
 */
const SEARCHED_TEXT = sql<string>`lower(firstname || chr(31) || lastname || chr(31) || email)`;

function searchUsers(db: Db, search: string | undefined) {
  const query = db.selectFrom('users');
  const term = search?.replaceAll('\x1f', '');
  return term ? query.where(SEARCHED_TEXT, 'like', likePattern(term)) : query;
}

export async function findUserPage(db: Db, search: string | undefined, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    searchUsers(db, search)
      .select(presentableUserColumns)
      .orderBy('lastname')
      .orderBy('firstname')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    searchUsers(db, search)
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

// ---------------------------------------------------------------------------------------------
// writes

export async function insertUser(db: Db, values: NewUserRow): Promise<number> {
  return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateUser(db: Db, id: number, values: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Sessions, reset tokens and CV download records go with the row (foreign keys cascade). */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** True when this call verified it (false when already verified or the address has changed). */
export async function markEmailVerified(db: Db, id: number, email: string, now = new Date()): Promise<boolean> {
  // Only for the address the link was made for: an e-mail changed since then stays unverified.
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .where(byEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Locks the row for a read-modify-write in the caller's transaction. */
export function lockUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'staff_role', 'cv_file_key'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks every admin row, so two demotions cannot both see "another admin remains". */
export async function lockAdmins(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// two-factor columns (the secret and the recovery codes are stored encrypted)

export function findTwoFactorState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'two_factor_secret', 'two_factor_recovery_codes', 'two_factor_confirmed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function savePendingTwoFactor(db: Db, userId: number, encryptedSecret: string, encryptedCodes: string): Promise<void> {
  await updateUser(db, userId, {
    two_factor_secret: encryptedSecret,
    two_factor_recovery_codes: encryptedCodes,
    two_factor_confirmed_at: null,
    two_factor_last_used_step: null,
  });
}

/** Marks two-factor on; false when it was on already (a request at the same time did it). */
export async function markTwoFactorConfirmed(db: Db, userId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_confirmed_at: at, updated_at: at })
    .where('id', '=', userId)
    .where('two_factor_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns a confirmed two-factor off; false when it was not on (nothing changed, or pending only). */
export async function clearConfirmedTwoFactor(db: Db, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_used_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .where('two_factor_confirmed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await updateUser(db, userId, {
    two_factor_secret: null,
    two_factor_recovery_codes: null,
    two_factor_confirmed_at: null,
    two_factor_last_used_step: null,
  });
}

/**
 * Records `step` as used, only when it is newer than the last used one. One conditional UPDATE,
 * so two requests racing with the same code cannot both win.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_used_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_used_step', 'is', null), eb('two_factor_last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces the encrypted secret and codes with the same values under a new key, only when they
 * are still `expected` (a concurrent change wins); true when this call wrote them.
 */
export async function reencryptTwoFactor(
  db: Db,
  userId: number,
  expected: { two_factor_secret: string | null; two_factor_recovery_codes: string | null },
  next: { two_factor_secret: string; two_factor_recovery_codes: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(next)
    .where('id', '=', userId)
    .where((eb) =>
      eb.and([
        expected.two_factor_secret === null
          ? eb('two_factor_secret', 'is', null)
          : eb('two_factor_secret', '=', expected.two_factor_secret),
        expected.two_factor_recovery_codes === null
          ? eb('two_factor_recovery_codes', 'is', null)
          : eb('two_factor_recovery_codes', '=', expected.two_factor_recovery_codes),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Compare-and-set of the encrypted codes: false when another request changed them first. */
export async function swapRecoveryCodes(db: Db, userId: number, expected: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_recovery_codes: next, updated_at: new Date() })
    .where('id', '=', userId)
    .where('two_factor_recovery_codes', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which of these file keys a user's CV still names (the orphan sweep keeps those). */
export async function findCvKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('cv_file_key').where('cv_file_key', 'in', keys).execute();
  return new Set(rows.map((row) => row.cv_file_key).filter((key): key is string => key !== null));
}

/** First and last names of these users (who binned an item). */
export async function listUserNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'firstname', 'lastname', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, `${r.firstname} ${r.lastname}`.trim() || r.email]));
}

/** How many accounts there are (the dashboard's Site panel). */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
