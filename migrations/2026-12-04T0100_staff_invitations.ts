// Invitations an owner sends to a new member of staff (docs/decisions/staff-roles.md, "Invitations").
// The row keeps only the link token's sha256 and the salt it was made from (auth/private-links.ts);
// one open invitation per address, found by its lower-cased e-mail.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('staff_role', 'text', (col) => col.notNull().check(sql`staff_role in ('estimator', 'technician', 'editor')`))
    .addColumn('token_salt', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // Open = neither accepted nor revoked: at most one per address, and the pending list's filter.
  await sql`create unique index staff_invitations_open_email on staff_invitations (lower(email)) where accepted_at is null and revoked_at is null`.execute(
    db,
  );
  await db.schema.createIndex('staff_invitations_created').on('staff_invitations').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_invitations').ifExists().execute();
}
