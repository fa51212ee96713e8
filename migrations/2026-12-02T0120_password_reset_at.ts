// When the user last reset the password (account/passwords.service.ts): a reset removes the
// passkeys added since the one before (or since the account was made), unless the owner keeps them.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_reset_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_reset_at').execute();
}
