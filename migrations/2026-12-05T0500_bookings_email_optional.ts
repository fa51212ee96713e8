// A booking the shop makes for a caller or a walk-in may have a telephone number only: its e-mail
// becomes optional (null: nobody to mail, so no confirmation, reminder or manage link goes out).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .alterColumn('email', (col) => col.dropNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The empty address is what an anonymised booking already holds: nothing to mail either way.
  await db.updateTable('bookings').set({ email: '' }).where('email', 'is', null).execute();
  await db.schema
    .alterTable('bookings')
    .alterColumn('email', (col) => col.setNotNull())
    .execute();
}
