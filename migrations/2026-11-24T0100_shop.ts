// The shop's details: one row (id 1) the admin edits; the pages, e-mails and structured data read
// it. Lists (address lines, social links, opening hours, closures) are JSON in text columns: they
// are only ever read and written whole, and text reads back the same on PGlite and PostgreSQL.
// The row itself is written by the seed (src/server/db/seed), not here.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop')
    .addColumn('id', 'integer', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('tagline', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('town', 'varchar(255)', (c) => c.notNull())
    .addColumn('county', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('postcode', 'varchar(16)', (c) => c.notNull())
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('social_links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .addColumn('closures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Europe/London'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop').execute();
}
