// A passkey confirming the password before a protected action (account/confirmation.service.ts):
// its challenge belongs to the session that asked for it as well as the user, so another session
// of the same account cannot answer it; a challenge goes with its session.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webauthn_challenges')
    .addColumn('session_id', 'char(64)', (c) => c.references('sessions.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webauthn_challenges').dropColumn('session_id').execute();
}
