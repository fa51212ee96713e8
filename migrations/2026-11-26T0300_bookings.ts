// Online booking: the types a customer can book, the shop's booking settings, blocked
// times beside the shop's closures, the bookings themselves (instants, timestamptz) and their
// places. Capacity is the database's: one booking_slot_places row per (type, slot start, place
// number) under the primary key, so two requests can never take the same place
// (docs/decisions/booking-capacity-by-unique-places.md).
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_types')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes between 5 and 480`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity between 1 and 20`))
    .addColumn('asks_location', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('booking_types')
    .values([
      {
        name: 'Estimate visit',
        description: 'Bring the vehicle and we look at the damage and give you a price.',
        duration_minutes: 20,
        capacity: 1,
        asks_location: false,
        position: 1,
      },
      {
        name: 'Drop-off',
        description: 'Leave the vehicle with us for the agreed repair.',
        duration_minutes: 15,
        capacity: 2,
        asks_location: false,
        position: 2,
      },
      {
        name: 'On-site visit',
        description: 'For boats and plant: we come to you to look at the damage.',
        duration_minutes: 60,
        capacity: 1,
        asks_location: true,
        position: 3,
      },
    ])
    .execute();

  // One row, id 1 (as the shop record).
  await db.schema
    .createTable('booking_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // 0: later today; 1: the next working day; n: the n-th working day from today.
    .addColumn('earliest_working_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`earliest_working_days between 0 and 30`),
    )
    .addColumn('horizon_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(42)
        .check(sql`horizon_days between 1 and 366`),
    )
    .addColumn('change_cutoff_hours', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(24)
        .check(sql`change_cutoff_hours between 0 and 336`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.insertInto('booking_settings').values({ id: 1 }).execute();

  await db.schema
    .createTable('blocked_times')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('blocked_times_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('blocked_times_starts').on('blocked_times').column('starts_at').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('booking_type_id', 'integer', (c) => c.notNull().references('booking_types.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('quote_request_id', 'integer', (c) => c.references('quote_requests.id').onDelete('set null'))
    .addColumn('quote_reference', 'varchar(20)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(40)', (c) => c.notNull())
    .addColumn('vehicle', 'varchar(120)', (c) => c.notNull())
    .addColumn('registration', 'varchar(20)')
    .addColumn('location', 'varchar(200)')
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('booked')
        .check(sql`status in ('booked', 'cancelled', 'attended', 'no_show')`),
    )
    .addColumn('cancel_reason', 'text')
    // After the cut-off the customer may ask for a change; the shop accepts or declines it.
    .addColumn('change_request', 'text')
    .addColumn('change_requested_at', 'timestamptz')
    // The manage link's token is an HMAC of this salt under APP_KEY (bookings/manage-link.ts), made
    // again when a mail is rendered; only its sha256 is kept to find the booking: a copy of the
    // table opens no booking.
    .addColumn('manage_salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('manage_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('morning_reminder_sent_at', 'timestamptz')
    .addColumn('seen_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bookings_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('bookings_starts').on('bookings').column('starts_at').execute();
  await db.schema.createIndex('bookings_user').on('bookings').column('user_id').execute();
  await db.schema.createIndex('bookings_email').on('bookings').column('email').execute();

  // The places a booking holds: a slot of a type has `capacity` places, numbered 1..capacity, and
  // the primary key lets one row exist per place. A cancelled booking gives its place back.
  await db.schema
    .createTable('booking_slot_places')
    .addColumn('booking_type_id', 'integer', (c) => c.notNull().references('booking_types.id'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull().check(sql`place >= 1`))
    .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_slot_places_pkey', ['booking_type_id', 'starts_at', 'place'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_slot_places').execute();
  await db.schema.dropTable('bookings').execute();
  await db.schema.dropTable('blocked_times').execute();
  await db.schema.dropTable('booking_settings').execute();
  await db.schema.dropTable('booking_types').execute();
}
