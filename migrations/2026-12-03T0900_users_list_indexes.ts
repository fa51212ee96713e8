// Indexes for GET /api/users: its search as one trigram expression (a LIKE '%…%' on the first
// name, last name or e-mail, which no B-tree serves), and its order (lastname, firstname, id) so a
// page is read in index order. pg_trgm comes from migration 2026-12-03T0400.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // Joined by a unit separator (chr(31)), which the service drops from a search, so a match never
  // spans two fields: the same results as three LIKEs joined by OR.
  await sql`create index users_search on users using gin ((lower(firstname || chr(31) || lastname || chr(31) || email)) gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.createIndex('users_name_order').on('users').columns(['lastname', 'firstname', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_name_order').ifExists().execute();
  await db.schema.dropIndex('users_search').ifExists().execute();
}
