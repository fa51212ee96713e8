// Payments, refunds and insurance claims (docs/decisions/money-in-pence-and-vat-rounding.md):
// money is integer pence. A payment belongs to a quote request, a booking or a repair job (at least
// one); its truth for card payments is Stripe's signed webhook, and each Stripe event id is kept
// once (stripe_events) so a redelivered event records nothing twice. A booking type may ask for a
// deposit. An insured matter keeps its insurer, claim number, liability, the excess the customer
// pays and the insurer's authority.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('booking_types')
    .addColumn('deposit_kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`deposit_kind in ('none', 'fixed', 'share')`),
    )
    .addColumn('deposit_fixed_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_fixed_pence >= 0`),
    )
    // Basis points of the accepted estimate's VAT-inclusive total (2500 = 25%).
    .addColumn('deposit_share_bp', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_share_bp between 0 and 10000`),
    )
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('quote_request_id', 'integer', (c) => c.references('quote_requests.id').onDelete('set null'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('repair_job_id', 'integer', (c) => c.references('repair_jobs.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('deposit', 'balance', 'excess', 'other')`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('stripe', 'card_machine', 'cash', 'bank_transfer')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'failed', 'expired')`),
    )
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('gbp'))
    .addColumn('stripe_checkout_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index payments_repair_job on payments (repair_job_id, created_at) where repair_job_id is not null`.execute(db);
  await sql`create index payments_booking on payments (booking_id, created_at) where booking_id is not null`.execute(db);
  await sql`create index payments_quote_request on payments (quote_request_id, created_at) where quote_request_id is not null`.execute(db);
  await sql`create index payments_paid_at on payments (paid_at, id) where status = 'paid'`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('stripe', 'manual')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('succeeded')
        .check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stripe_refund_id', 'text', (c) => c.unique())
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index refunds_payment on refunds (payment_id)`.execute(db);
  await sql`create index refunds_created on refunds (created_at, id)`.execute(db);

  // Each Stripe event handled once: the webhook inserts the id first and stops on a conflict.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('insurers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('insurance_claims')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('quote_request_id', 'integer', (c) => c.unique().references('quote_requests.id').onDelete('cascade'))
    .addColumn('repair_job_id', 'integer', (c) => c.unique().references('repair_jobs.id').onDelete('cascade'))
    .addColumn('insurer_id', 'integer', (c) => c.notNull().references('insurers.id'))
    .addColumn('claim_number', 'text', (c) => c.notNull())
    .addColumn('liability', 'text', (c) => c.notNull().check(sql`liability in ('fault', 'non_fault')`))
    .addColumn('excess_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`excess_pence >= 0`),
    )
    .addColumn('authorised_pence', 'integer', (c) => c.check(sql`authorised_pence >= 0`))
    .addColumn('authorised_on', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('insurance_claims_has_matter', sql`quote_request_id is not null or repair_job_id is not null`)
    .execute();
  await sql`create index insurance_claims_insurer on insurance_claims (insurer_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insurance_claims').execute();
  await db.schema.dropTable('insurers').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema
    .alterTable('booking_types')
    .dropColumn('deposit_share_bp')
    .dropColumn('deposit_fixed_pence')
    .dropColumn('deposit_kind')
    .execute();
}
