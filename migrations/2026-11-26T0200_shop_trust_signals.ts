// Trust signals on the shop record: accreditations and insurers (JSON lists in text
// columns, like the record's other lists), the year the shop started trading, the warranty it
// offers and a link to its reviews. Every one may be empty: the pages show only what is set.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop')
    .addColumn('accreditations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('insurers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('year_established', 'integer')
    .addColumn('warranty', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviews_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop')
    .dropColumn('accreditations')
    .dropColumn('insurers')
    .dropColumn('year_established')
    .dropColumn('warranty')
    .dropColumn('reviews_url')
    .execute();
}
