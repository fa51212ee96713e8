/**
 * Ten years of a busy shop, for `npm run bench:scale` (scripts/bench-scale.ts). Factor 100 is the
 * whole decade: 100,000 quote requests and bookings, 50,000 repair jobs (stages history, notes,
 * photos, messages), a million activity entries, 500,000 content versions (one widget with
 * ~88,000), 500,000 outgoing mails, 10,000 customers (one fleet customer with ~1,000 repair jobs),
 * 726 reviews waiting for approval. Factor 1 is a hundredth of that.
 *
 * Set-based SQL (INSERT ... SELECT generate_series) so factor 100 takes a minute or two on
 * PostgreSQL; raw SQL rather than the repositories, which insert one row at a time. It runs on a
 * migrated database with the demo content (the widgets, stages and booking types it points at).
 * Dates fall in the shop's opening hours (Europe/London), spread over the ten years before now.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { hashPassword } from '#server/auth/passwords.ts';

export const SCALE_PASSWORD = 'scale-password';
export const FLEET_EMAIL = 'fleet@scale.example.com';
/** The widget whose history is ~88,000 versions at factor 100. */
export const BUSY_WIDGET = 'HomeText1';

export interface ScaleCounts {
  users: number;
  quoteRequests: number;
  bookings: number;
  repairJobs: number;
  fleetJobs: number;
  activity: number;
  versions: number;
  busyWidgetVersions: number;
  mails: number;
  pendingReviews: number;
  binWidgets: number;
}

/** How many rows of each a factor seeds (at least a handful of each, so factor 0.01 still has something). */
export function scaleCounts(factor: number): ScaleCounts {
  const n = (atHundred: number, min = 1) => Math.max(min, Math.round((atHundred * factor) / 100));
  return {
    users: n(10_000, 5),
    quoteRequests: n(100_000),
    bookings: n(100_000),
    repairJobs: n(50_000, 4),
    fleetJobs: n(1_000, 2),
    activity: n(1_000_000),
    versions: n(500_000, 2),
    busyWidgetVersions: n(88_000),
    mails: n(500_000),
    pendingReviews: n(726),
    binWidgets: n(200),
  };
}

/**
 * A time `i` of `total` steps through the ten years before now (oldest first), moved into the
 * shop's opening hours (09:00-17:00 in Europe/London) by `i`'s minute of the day.
 */
/** A whole number written into the statement: generate_series and array subscripts need a typed value, not an untyped parameter. */
const lit = (n: number) => sql.raw(String(Math.trunc(n)));

const spreadTime = (i: string, total: number) =>
  sql.raw(
    `((date_trunc('day', (now() - interval '3650 days' + (${i})::float8 / ${total} * interval '3650 days') at time zone 'Europe/London')` +
      ` + interval '9 hours' + ((${i}) % 480) * interval '1 minute') at time zone 'Europe/London')`,
  );

export async function seedScale(db: Kysely<Database>, factor: number): Promise<ScaleCounts> {
  const c = scaleCounts(factor);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const run = (query: RawBuilder<unknown>) =>
    query.execute(db).catch((error: unknown) => {
      throw new Error(`scale seed: ${(error as Error).message} in ${query.compile(db).sql.slice(0, 300)}`);
    });

  // Customers: the fleet customer first, then the others.
  await run(sql`
    insert into users (firstname, lastname, email, telephone, role, password_hash, email_verified_at, created_at, updated_at)
    select case when g = 1 then 'Fleet' else 'Customer' end,
           case when g = 1 then 'Vans Ltd' else 'Number ' || g end,
           case when g = 1 then ${FLEET_EMAIL} else 'customer-' || g || '@scale.example.com' end,
           '07700 9' || lpad((g % 100000)::text, 5, '0'), 'user', ${passwordHash},
           ${spreadTime('g', c.users)}, ${spreadTime('g', c.users)}, ${spreadTime('g', c.users)}
    from generate_series(1, ${lit(c.users)}) g`);
  const { rows: userRows } = await run(
    sql`select min(id) as first, (select id from users where role = 'admin' order by id limit 1) as admin from users where email like '%@scale.example.com'`,
  );
  const { first: firstUser, admin } = userRows[0] as { first: number; admin: number | null };
  if (admin === null) throw new Error('the scale seed needs an admin (ensureFirstAdmin) to author versions, notes and replies');
  const customer = (i: string) => sql.raw(`(${firstUser} + (${i}) % ${c.users})`);

  await run(sql`
    insert into quote_requests (reference, user_id, name, email, telephone, vehicle, registration, description,
                                preferred_contact, status, notes, created_at, updated_at, closed_at)
    select 'SQ' || lpad(g::text, 8, '0'), case when g % 3 = 0 then null else ${customer('g')} end,
           'Customer ' || g, 'quote-' || g || '@scale.example.com', '07700 900' || lpad((g % 1000)::text, 3, '0'),
           (array['Ford Focus', 'Vauxhall Corsa', 'VW Golf', 'Toyota Yaris', 'Ford Transit'])[1 + g % 5],
           'SC' || lpad((g % 100)::text, 2, '0') || ' ' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || chr(65 + (g / 676) % 26),
           'Dent in the rear door and scratches along the wing, request ' || g || '.',
           case when g % 4 = 0 then 'phone' else 'email' end,
           case when g > ${lit(c.quoteRequests)} - 40 then 'new' when g % 7 = 0 then 'quoted' when g % 5 = 0 then 'booked' else 'closed' end,
           '', ${spreadTime('g', c.quoteRequests)}, ${spreadTime('g', c.quoteRequests)},
           case when g <= ${lit(c.quoteRequests)} - 40 and g % 7 <> 0 and g % 5 <> 0 then ${spreadTime('g', c.quoteRequests)} + interval '9 days' end
    from generate_series(1, ${lit(c.quoteRequests)}) g`);
  await run(sql`
    insert into quote_replies (quote_request_id, price_pence, message, sent_by, created_at)
    select id, 15000 + (id % 50) * 1000, 'We can do this for the price above.', ${lit(admin)}, created_at + interval '1 day'
    from quote_requests where reference like 'SQ%' and status in ('quoted', 'booked', 'closed') and id % 2 = 0`);

  // Bookings: one a 20-minute slot, so each holds its own place; the last ten days' are still to come.
  const { rows: typeRows } = await run(sql`select id from booking_types order by id limit 1`);
  const bookingType = (typeRows[0] as { id: number }).id;
  // perDay slots a day from 09:00, 20 minutes apart, over the ten years (up to 28 a day at factor 100).
  const perDay = Math.ceil(c.bookings / 3650);
  const bookingStart = (g: string) =>
    sql.raw(
      `((date_trunc('day', (now() - interval '3640 days' + ((${g}) - 1) / ${perDay} * interval '1 day') at time zone 'Europe/London')` +
        ` + interval '9 hours' + ((${g}) - 1) % ${perDay} * interval '20 minutes') at time zone 'Europe/London')`,
    );
  await run(sql`
    insert into bookings (reference, booking_type_id, starts_at, ends_at, user_id, name, email, telephone, vehicle,
                          registration, status, manage_salt, manage_token_hash, seen_at, created_at, updated_at)
    select 'SB' || lpad(g::text, 8, '0'), ${lit(bookingType)}, ${bookingStart('g')}, ${bookingStart('g')} + interval '20 minutes',
           case when g % 2 = 0 then ${customer('g')} end, 'Customer ' || g, 'booking-' || g || '@scale.example.com',
           '07700 900' || lpad((g % 1000)::text, 3, '0'), 'Ford Focus', 'SC' || lpad((g % 100)::text, 2, '0') || ' ABC',
           case when ${bookingStart('g')} > now() then 'booked' when g % 11 = 0 then 'cancelled' when g % 17 = 0 then 'no_show' else 'attended' end,
           md5('salt' || g), md5('booking' || g) || md5('manage' || g),
           case when g % 10 = 0 then null else ${bookingStart('g')} - interval '10 days' end,
           ${bookingStart('g')} - interval '10 days', ${bookingStart('g')} - interval '10 days'
    from generate_series(1, ${lit(c.bookings)}) g`);
  await run(sql`
    insert into booking_slot_places (booking_type_id, starts_at, place, booking_id)
    select booking_type_id, starts_at, 1, id from bookings where reference like 'SB%' and status = 'booked'`);

  // Repair jobs: the first fleetJobs belong to the fleet customer; the newest 1% are still in the shop.
  const { rows: stageRows } = await run(sql`select id, name, is_collected from repair_stages order by position`);
  const stages = stageRows as { id: number; name: string; is_collected: boolean }[];
  const collected = stages.find((s) => s.is_collected) ?? stages.at(-1)!;
  const open = stages.filter((s) => !s.is_collected);
  const openJobs = Math.max(1, Math.round(c.repairJobs / 100));
  const openStageIds = `array[${open.map((s) => s.id).join(',')}]`;
  await run(sql`
    insert into repair_jobs (reference, user_id, customer_name, customer_email, customer_telephone, vehicle, registration,
                             agreed_work, promised_ready_on, stage_id, tracker_token_hash, tracker_salt, collected_at,
                             created_at, updated_at)
    select 'SJ' || lpad(g::text, 8, '0'),
           case when g <= ${lit(c.fleetJobs)} then ${lit(firstUser)} else ${customer('g')} end,
           case when g <= ${lit(c.fleetJobs)} then 'Fleet Vans Ltd' else 'Customer ' || g end,
           case when g <= ${lit(c.fleetJobs)} then ${FLEET_EMAIL} else 'job-' || g || '@scale.example.com' end,
           '07700 900123', 'Ford Transit', 'SC' || lpad((g % 100)::text, 2, '0') || ' JOB',
           'Repair and repaint the nearside rear door.',
           (${spreadTime('g', c.repairJobs)} at time zone 'Europe/London')::date + 7,
           case when g > ${lit(c.repairJobs)} - ${lit(openJobs)} then (${sql.raw(openStageIds)})[1 + g % ${lit(open.length)}] else ${lit(collected.id)} end,
           md5('tracker' || g) || md5('token' || g), substr(md5('tsalt' || g), 1, 32),
           case when g > ${lit(c.repairJobs)} - ${lit(openJobs)} then null else ${spreadTime('g', c.repairJobs)} + interval '8 days' end,
           ${spreadTime('g', c.repairJobs)}, ${spreadTime('g', c.repairJobs)}
    from generate_series(1, ${lit(c.repairJobs)}) g`);
  // Every job went through each open stage, and the collected ones through the last.
  await run(sql`
    insert into repair_job_stage_history (repair_job_id, stage_id, stage_name, reached_at)
    select j.id, s.id, s.name, j.created_at + s.position * interval '1 day'
    from repair_jobs j join repair_stages s on (s.id = j.stage_id or s.position < (select position from repair_stages where id = j.stage_id))
    where j.reference like 'SJ%'`);
  await run(sql`
    insert into repair_job_notes (repair_job_id, author_id, body, created_at)
    select id, ${lit(admin)}, 'Paint code checked, parts ordered.', created_at + interval '2 hours' from repair_jobs where reference like 'SJ%'`);
  await run(sql`
    insert into repair_job_photos (repair_job_id, large_key, large_width, large_height, thumb_key, thumb_width, thumb_height, shared, created_at)
    select id, 'repair-photos/scale-' || id || '-' || k || '-large.webp', 1600, 1200,
           'repair-photos/scale-' || id || '-' || k || '-thumb.webp', 400, 300, k = 1, created_at + k * interval '1 day'
    from repair_jobs cross join generate_series(1, 2) k where reference like 'SJ%'`);
  await run(sql`
    insert into repair_job_messages (repair_job_id, body, created_at)
    select id, 'Is it ready for collection on Friday?', created_at + interval '3 days' from repair_jobs where reference like 'SJ%'`);

  // Reviews: most collected jobs were asked; some answered; pendingReviews wait for approval.
  await run(sql`
    insert into repair_review_requests (repair_job_id, token_hash, token_salt, sent_at, responded_at, score, feedback,
                                        display_name, consent, moderation, created_at)
    select id, md5('review' || id) || md5('rtoken' || id), substr(md5('rsalt' || id), 1, 32), collected_at + interval '1 day',
           case when n <= ${lit(c.pendingReviews)} or n % 3 = 0 then collected_at + interval '2 days' end,
           case when n <= ${lit(c.pendingReviews)} or n % 3 = 0 then 3 + n % 3 end,
           case when n <= ${lit(c.pendingReviews)} or n % 3 = 0 then 'Good work, done on time.' end,
           case when n <= ${lit(c.pendingReviews)} then 'Customer ' || id end,
           n <= ${lit(c.pendingReviews)},
           case when n <= ${lit(c.pendingReviews)} then 'pending' when n % 3 = 0 then 'rejected' end,
           collected_at + interval '1 day'
    from (select id, collected_at, row_number() over (order by id desc) as n from repair_jobs
          where reference like 'SJ%' and collected_at is not null) j
    where n <= ${lit(c.pendingReviews)} or n % 2 = 0`);

  // Content versions: the busy widget's, then the rest over the other widgets.
  const { rows: widgetRows } = await run(
    sql`select id, name, type from widgets where deleted_at is null order by (name = ${BUSY_WIDGET}) desc, id`,
  );
  const widgets = widgetRows as { id: number; name: string; type: string }[];
  const busy = widgets[0]!;
  const others = widgets.slice(1);
  await run(sql`
    insert into content_versions (item_kind, item_id, number, status, data, author_id, created_at, updated_at)
    select 'widget', ${lit(busy.id)}, coalesce((select max(number) from content_versions where item_kind = 'widget' and item_id = ${lit(busy.id)}), 0) + g,
           'published', json_build_object('name', ${busy.name}::text, 'type', ${busy.type}::text,
             'html', '<p>Welcome, edit ' || g || '.</p>', 'alt', '', 'image_id', null)::text,
           ${lit(admin)}, ${spreadTime('g', c.busyWidgetVersions)}, ${spreadTime('g', c.busyWidgetVersions)}
    from generate_series(1, ${lit(c.busyWidgetVersions)}) g`);
  const rest = Math.max(0, c.versions - c.busyWidgetVersions);
  if (rest > 0 && others.length > 0) {
    // Each widget's last number, read before the insert: a lookup of it per row, in the statement
    // that adds rows past it, walks over every row added so far (quadratic at factor 100).
    const { rows: topRows } = await run(
      sql`select item_id, max(number) as top from content_versions where item_kind = 'widget' group by item_id`,
    );
    const top = new Map((topRows as { item_id: number; top: number }[]).map((r) => [r.item_id, Number(r.top)]));
    const tops = `array[${others.map((w) => top.get(w.id) ?? 0).join(',')}]`;
    const ids = `array[${others.map((w) => w.id).join(',')}]`;
    const names = `array[${others.map((w) => `'${w.name.replaceAll("'", "''")}'`).join(',')}]::text[]`;
    const types = `array[${others.map((w) => `'${w.type}'`).join(',')}]::text[]`;
    await run(sql`
      insert into content_versions (item_kind, item_id, number, status, data, author_id, created_at, updated_at)
      select 'widget', (${sql.raw(ids)})[w], (${sql.raw(tops)})[w] + (g - 1) / ${lit(others.length)} + 1, 'published',
             json_build_object('name', (${sql.raw(names)})[w], 'type', (${sql.raw(types)})[w],
               'html', '<p>Text, edit ' || g || '.</p>', 'alt', '', 'image_id', null)::text,
             ${lit(admin)}, ${spreadTime('g', rest)}, ${spreadTime('g', rest)}
      from generate_series(1, ${lit(rest)}) g
      cross join lateral (select 1 + (g - 1) % ${lit(others.length)} as w) pick`);
  }

  await run(sql`
    insert into activity_entries (created_at, actor_user_id, actor_label, ip_address, kind, item_type, item_id, item_label, details)
    select ${spreadTime('g', c.activity)},
           case when g % 4 = 0 then ${customer('g')} else ${lit(admin)} end,
           case when g % 4 = 0 then 'Customer ' || g else 'Shop admin' end,
           '192.0.2.' || (g % 250), (array['content-saved', 'content-published', 'data-exported', 'password-changed', 'shop-changed'])[1 + g % 5],
           case when g % 4 <> 0 then 'widget' end, case when g % 4 <> 0 then ${lit(busy.id)} end,
           case when g % 4 <> 0 then ${busy.name}::text end, null
    from generate_series(1, ${lit(c.activity)}) g`);

  await run(sql`
    insert into outgoing_mail (id, kind, recipient, subject, params, status, attempts, last_error, first_failed_at,
                               created_at, updated_at, sent_at)
    select md5('mail' || g)::uuid,
           (array['booking-confirmation', 'booking-reminder', 'quote-reply', 'repair-stage-changed', 'repair-review-request'])[1 + g % 5],
           'customer-' || (1 + g % ${lit(c.users)}) || '@scale.example.com', 'About your vehicle', '{}'::jsonb,
           case when g % 500 = 0 then 'failed' else 'sent' end, case when g % 500 = 0 then 5 else 1 end,
           case when g % 500 = 0 then 'Mailbox unavailable' end,
           case when g % 500 = 0 then ${spreadTime('g', c.mails)} end,
           ${spreadTime('g', c.mails)}, ${spreadTime('g', c.mails)},
           case when g % 500 = 0 then null else ${spreadTime('g', c.mails)} + interval '5 seconds' end
    from generate_series(1, ${lit(c.mails)}) g`);

  // The bin: widgets deleted in the last month (the bin keeps them 30 days).
  await run(sql`
    insert into widgets (name, type, html, created_at, updated_at, deleted_at, deleted_by)
    select 'ScaleBin' || g, 'TEXT', '<p>Old text.</p>', now() - interval '400 days', now() - (g % 29) * interval '1 day',
           now() - (g % 29) * interval '1 day', ${lit(admin)}
    from generate_series(1, ${lit(c.binWidgets)}) g`);

  // Fresh statistics, as a database ten years old would have.
  await run(sql`analyze`);
  return c;
}
