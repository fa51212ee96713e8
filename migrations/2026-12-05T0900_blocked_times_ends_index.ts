// The admin's blocked times are read from now on (ends_at after now) and counted ahead by the same
// filter when one is added (LIST_CAPS.blockedTimesAhead); the starts_at index does not serve it.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('blocked_times_ends').on('blocked_times').column('ends_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blocked_times_ends').ifExists().execute();
}
