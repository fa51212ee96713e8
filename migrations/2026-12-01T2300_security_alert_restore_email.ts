// "This wasn't me" gives the account back (account/security-alerts.service.ts): the link in the
// mail to the old address of an e-mail change keeps that address, so using it restores it.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('security_alert_tokens').addColumn('restore_email', 'varchar(255)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('security_alert_tokens').dropColumn('restore_email').execute();
}
