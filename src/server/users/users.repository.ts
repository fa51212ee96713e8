// SQL for the admin's users screens and CV downloads.
import { sql, type Kysely } from 'kysely';
import type { Database, Role } from '#server/db/types.ts';
import { presentableUserColumns } from './user-presenter.ts';

/** LIKE's wildcards in a search are literal characters. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchUsers(db: Kysely<Database>, search: string | undefined) {
  let query = db.selectFrom('users');
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(firstname)`, 'like', pattern),
        eb(sql<string>`lower(lastname)`, 'like', pattern),
        eb(sql<string>`lower(email)`, 'like', pattern),
      ]),
    );
  }
  return query;
}

export async function findUserPage(db: Kysely<Database>, search: string | undefined, limit: number, offset: number) {
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

export function findUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(presentableUserColumns).where('id', '=', id).executeTakeFirst();
}

export async function isEmailTaken(db: Kysely<Database>, email: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(
  db: Kysely<Database>,
  values: { firstname: string; lastname: string; email: string; role: Role; password_hash: string; email_verified_at: Date | null },
): Promise<number> {
  return (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function lockUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['id', 'role', 'cv_file_key']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks every admin row, so two demotions cannot both see "another admin remains". */
export async function lockAdmins(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function updateUserRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<{
    firstname: string;
    lastname: string;
    email: string;
    telephone: string | null;
    role: Role;
    skills: string;
    password_hash: string;
  }>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteUserRow(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('user_id', '=', id), eb('pending_user_id', '=', id)]))
    .execute();
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function findCv(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'cv_file_key', 'cv_original_name', 'cv_mime_type', 'cv_size'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function recordCvDownload(db: Kysely<Database>, userId: number, downloadedBy: number | null): Promise<void> {
  await db.insertInto('cv_downloads').values({ user_id: userId, downloaded_by: downloadedBy }).execute();
}
