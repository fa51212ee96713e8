// Itemised estimates (docs/decisions/money-in-pence-and-vat-rounding.md): one estimate per quote
// request, its versions (at most one draft; a sent version never changes and keeps a hash of what
// it said), the versions' lines, and the shop's estimate settings (one row, id 1). Money is
// integer pence, VAT rates basis points, labour hours hundredths. The estimate's private link keeps
// only its token's hash and salt (auth/private-links.ts).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('estimate_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('labour_rate_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(5500)
        .check(sql`labour_rate_pence >= 0`),
    )
    // Empty: not VAT-registered, so no VAT is charged or shown.
    .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('validity_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`validity_days between 1 and 365`),
    )
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into estimate_settings (id) values (1)`.execute(db);

  await db.schema
    .createTable('estimates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('quote_request_id', 'integer', (c) => c.notNull().unique().references('quote_requests.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'sent', 'accepted', 'declined', 'superseded')`),
    )
    .addColumn('link_salt', 'text', (c) => c.notNull())
    .addColumn('link_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('estimate_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('estimate_id', 'integer', (c) => c.notNull().references('estimates.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'sent', 'accepted', 'declined', 'superseded')`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    // Copied from the settings when the version is sent: a later change of rate or terms leaves it as it was.
    .addColumn('labour_rate_pence', 'integer', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_hash', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('accepted_name', 'text')
    .addColumn('accepted_signature', 'text')
    .addColumn('start_within_cancellation', 'boolean')
    .addColumn('decline_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('estimate_versions_number', ['estimate_id', 'number'])
    .execute();
  // At most one draft per estimate.
  await sql`create unique index estimate_versions_one_draft on estimate_versions (estimate_id) where status = 'draft'`.execute(db);

  await db.schema
    .createTable('estimate_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('version_id', 'integer', (c) => c.notNull().references('estimate_versions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('part', 'labour', 'paint_materials', 'sundries')`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_pence', 'integer', (c) => c.notNull().check(sql`unit_price_pence >= 0`))
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull().check(sql`vat_rate_bp between 0 and 10000`))
    .addUniqueConstraint('estimate_lines_position', ['version_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('estimate_lines').execute();
  await db.schema.dropTable('estimate_versions').execute();
  await db.schema.dropTable('estimates').execute();
  await db.schema.dropTable('estimate_settings').execute();
}
