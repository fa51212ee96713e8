// Capacity by time, not by slot start: one row per (type, minute, place) a booking covers, under
// the primary key, so a booking on a grid the shop has since changed (another length, another
// opening time) cannot overlap one already made
// (docs/decisions/2026-12-04-booking-capacity-by-time-buckets.md). Minutes, because durations and
// opening times are not bound to a coarser step.
// Kysely<any> on purpose: a migration describes the database as it was then, not today's types.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_time_buckets')
    .addColumn('booking_type_id', 'integer', (c) => c.notNull().references('booking_types.id'))
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull().check(sql`place >= 1`))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('booking_time_buckets_pkey', ['booking_type_id', 'bucket_start', 'place'])
    .execute();
  await db.schema.createIndex('booking_time_buckets_booking').on('booking_time_buckets').column('booking_id').execute();
  // Active bookings keep the place they hold; one that already overlaps another on the same place
  // (made before this rule) keeps its slot place and simply loses the clashing minutes.
  await sql`
    insert into booking_time_buckets (booking_type_id, bucket_start, place, booking_id)
    select p.booking_type_id, m, p.place, b.id
    from booking_slot_places p
    join bookings b on b.id = p.booking_id
    cross join lateral generate_series(b.starts_at, b.ends_at - interval '1 minute', interval '1 minute') as m
    where b.status = 'booked'
    on conflict do nothing
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_time_buckets').execute();
}
