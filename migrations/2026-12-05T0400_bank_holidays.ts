// UK bank holidays are closed for booking unless the shop opens one: the region whose holidays
// apply (a booking setting) and the holidays the shop has opened anyway
// (docs/decisions/uk-bank-holidays-from-a-library.md). The holidays themselves come from a library,
// not a table, so they never need typing in.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('booking_settings')
    .addColumn('bank_holiday_region', 'text', (c) =>
      c
        .notNull()
        .defaultTo('england-and-wales')
        .check(sql`bank_holiday_region in ('england-and-wales', 'scotland', 'northern-ireland')`),
    )
    .execute();
  await db.schema
    .createTable('bank_holiday_openings')
    .addColumn('holiday_date', 'date', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_holiday_openings').execute();
  await db.schema.alterTable('booking_settings').dropColumn('bank_holiday_region').execute();
}
