// The shop record had two near-identical review links: `reviews_url` (the trust signals' link to
// the shop's reviews) and `review_link` (where a customer writes one, for the review page). One
// link serves both now: `reviews_url` keeps the set value, the non-empty one when only one is set
// (`reviews_url` when both are), and `review_link` goes. Down brings the column back with the same link.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update shop set reviews_url = review_link where reviews_url = '' and review_link <> ''`.execute(db);
  await db.schema.alterTable('shop').dropColumn('review_link').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop')
    .addColumn('review_link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update shop set review_link = reviews_url`.execute(db);
}
