// When an admin last saved the shop's details: the first-run checklist ticks "Set the
// shop's details" from it. Null: the record is as the seed wrote it. Existing rows stay null (a
// save before this column cannot be told from the seed's row): their admin saves once or
// dismisses the checklist (docs/decisions/first-run-checklist.md).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop').addColumn('edited_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop').dropColumn('edited_at').execute();
}
