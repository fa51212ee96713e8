// VAT invoices and credit notes (docs/decisions/gap-free-invoice-numbers-and-immutable-invoices.md):
// a number per series ('INV' invoices, 'CN' credit notes), gap-free because it is taken from the
// series' counter row in the issuing transaction (the row lock serialises two issuers; a rollback
// takes its number back). Each document keeps a snapshot of the shop, the customer, its lines and
// figures as issued, and the database refuses to change or delete one afterwards (a trigger, so no
// code path can forget). The only change let through is a foreign key set to null when the account
// or the member of staff is deleted: the invoice stays (six years) with the personal data it needs.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.primaryKey().check(sql`series in ('INV', 'CN')`))
    .addColumn('last_number', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`last_number >= 0`),
    )
    .execute();
  await sql`insert into invoice_counters (series) values ('INV'), ('CN')`.execute(db);

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('series', 'text', (c) => c.notNull().check(sql`series in ('INV', 'CN')`))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    // A credit note names the invoice it credits; an invoice names none.
    .addColumn('credited_invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('repair_job_id', 'integer', (c) => c.notNull().references('repair_jobs.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Where its lines came from; no foreign key: deleting a quote request later must not be refused.
    .addColumn('estimate_version_id', 'integer')
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The tax point, a calendar date in the shop's time zone.
    .addColumn('supplied_on', 'date', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('shop_address', 'text', (c) => c.notNull())
    .addColumn('shop_vat_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('job_reference', 'text', (c) => c.notNull())
    .addColumn('vehicle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registration', 'text')
    .addColumn('net_pence', 'integer', (c) => c.notNull().check(sql`net_pence >= 0`))
    .addColumn('vat_pence', 'integer', (c) => c.notNull().check(sql`vat_pence >= 0`))
    .addColumn('gross_pence', 'integer', (c) => c.notNull().check(sql`gross_pence >= 0`))
    .addColumn('insurer_name', 'text')
    .addColumn('claim_number', 'text')
    .addColumn('insurer_share_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`insurer_share_pence >= 0`),
    )
    .addColumn('excess_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`excess_pence >= 0`),
    )
    .addColumn('paid_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`due_pence >= 0`),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoices_series_number', ['series', 'number'])
    .addCheckConstraint('invoices_credit_names_invoice', sql`(series = 'CN') = (credited_invoice_id is not null)`)
    .execute();
  await sql`create index invoices_repair_job on invoices (repair_job_id, issued_at, id)`.execute(db);
  await sql`create index invoices_user on invoices (user_id, issued_at desc, id desc) where user_id is not null`.execute(db);
  await sql`create index invoices_customer_email on invoices (lower(customer_email), issued_at desc, id desc)`.execute(db);
  await sql`create index invoices_issued_at on invoices (issued_at, id)`.execute(db);
  await sql`create index invoices_credited on invoices (credited_invoice_id) where credited_invoice_id is not null`.execute(db);

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('part', 'labour', 'paint_materials', 'sundries')`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_pence', 'integer', (c) => c.notNull().check(sql`unit_price_pence >= 0`))
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull().check(sql`vat_rate_bp between 0 and 10000`))
    .addColumn('net_pence', 'integer', (c) => c.notNull())
    .addColumn('vat_pence', 'integer', (c) => c.notNull())
    .addColumn('gross_pence', 'integer', (c) => c.notNull())
    // On a credit note: the invoice's line it credits (a line is credited once).
    .addColumn('credited_line_id', 'integer', (c) => c.unique().references('invoice_lines.id'))
    .addUniqueConstraint('invoice_lines_position', ['invoice_id', 'position'])
    .execute();

  // An issued document never changes. Let through only a user link set to null (the account or the
  // member of staff deleted: ON DELETE SET NULL); everything else is refused, lines always.
  await sql`
    create function invoices_refuse_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE'
         and (to_jsonb(new) - 'user_id' - 'issued_by') = (to_jsonb(old) - 'user_id' - 'issued_by')
         and (new.user_id is null or new.user_id = old.user_id)
         and (new.issued_by is null or new.issued_by = old.issued_by) then
        return new;
      end if;
      raise exception 'an issued invoice or credit note never changes (% refused)', lower(tg_op) using errcode = '55000';
    end
    $$`.execute(db);
  await sql`create trigger invoices_immutable before update or delete on invoices for each row execute function invoices_refuse_change()`.execute(
    db,
  );
  await sql`
    create function invoice_lines_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'an issued invoice''s lines never change (% refused)', lower(tg_op) using errcode = '55000';
    end
    $$`.execute(db);
  await sql`create trigger invoice_lines_immutable before update or delete on invoice_lines for each row execute function invoice_lines_refuse_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await sql`drop function invoice_lines_refuse_change()`.execute(db);
  await sql`drop function invoices_refuse_change()`.execute(db);
  await db.schema.dropTable('invoice_counters').execute();
}
