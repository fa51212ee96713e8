/**
 * The admin's dashboard (GET /api/admin/dashboard, docs/rest-contract.md "Admin dashboard"): each
 * panel answers what waits, from the real tables: new quote requests (newest first, at most 5),
 * today's and tomorrow's bookings at the shop's clock (cancelled ones and the day after left out),
 * open repair jobs by stage, feedback waiting for approval, failed mail, and the site's counts.
 * Admins only (401/403), answered no-store. Each count reads only the waiting rows, through partial
 * indexes, in the same statements however many wait. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { addDays, wallClockInstant } from '#shared/calendar-date.ts';
import { localMoment } from '#shared/opening-status.ts';
import type { Dashboard } from '#shared/schemas/dashboard.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getDashboard } from '#server/dashboard/dashboard.service.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

const ZONE = 'Europe/London';
let n = 0;
const next = () => ++n;

async function dashboard(): Promise<Dashboard> {
  const res = await admin.get('/api/admin/dashboard');
  expect(res.status).toBe(200);
  return res.body as Dashboard;
}

function addQuote(status: 'new' | 'contacted' | 'closed', createdAt: Date) {
  const i = next();
  return insertQuoteRequest(t.deps.db, {
    name: `Dash Customer ${i}`,
    email: `dash${i}@example.com`,
    vehicle: `Vehicle ${i}`,
    description: 'A request for the dashboard tests, long enough.',
    status,
    created_at: createdAt,
  });
}

async function addBooking(startsAt: Date, status: 'booked' | 'cancelled' = 'booked') {
  const i = next();
  const type = await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow();
  return insertBooking(t.deps.db, {
    booking_type_id: type.id,
    starts_at: startsAt,
    name: `Booked Person ${i}`,
    email: `booked${i}@example.com`,
    vehicle: `Booked Vehicle ${i}`,
    status,
  });
}

function addRepairJob(stageId: number, collected = false) {
  const i = next();
  return insertRepairJob(t.deps.db, {
    customer_name: `Repair Person ${i}`,
    customer_email: `repair${i}@example.com`,
    vehicle: `Repair Vehicle ${i}`,
    stage_id: stageId,
    collected_at: collected ? new Date() : null,
  });
}

async function addFeedback(moderation: 'pending' | 'approved', respondedAt: Date) {
  const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow();
  const job = await addRepairJob(stage.id, true);
  return t.deps.db
    .insertInto('repair_review_requests')
    .values({
      repair_job_id: job.id,
      token_salt: `r${job.id}`,
      responded_at: respondedAt,
      score: 5,
      feedback: 'Lovely job.',
      display_name: `Reviewer ${job.id}`,
      consent: true,
      moderation,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function addMail(status: 'failed' | 'queued' | 'sent', firstFailedAt: Date | null) {
  return t.deps.db
    .insertInto('outgoing_mail')
    .values({
      id: randomUUID(),
      kind: 'verification',
      recipient: 'someone@example.com',
      params: JSON.stringify({ userId: 0 }),
      status,
      attempts: 3,
      first_failed_at: firstFailedAt,
      last_error: status === 'failed' ? 'Connection refused' : null,
    })
    .execute();
}

describe('GET /api/admin/dashboard', () => {
  it('refuses visitors (401) and customers (403), and answers admins no-store', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/admin/dashboard')).status).toBe(401);
    const { client: user } = await clientAs(t);
    expect((await user.get('/api/admin/dashboard')).status).toBe(403);
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('starts with every panel empty but the site counts', async () => {
    const empty = await dashboard();
    expect(empty.quotes).toEqual({ new_count: 0, newest: [] });
    expect(empty.bookings.today_list).toEqual([]);
    expect(empty.bookings.tomorrow_list).toEqual([]);
    expect(empty.repairs.open_count).toBe(0);
    expect(empty.repairs.stages.every((s) => s.count === 0)).toBe(true);
    expect(empty.feedback).toEqual({ pending_count: 0, oldest: [] });
    expect(empty.mail).toEqual({ failed_count: 0, queued_count: 0, warning: false });
    // The admin who asks is a user.
    expect(empty.site.users).toBeGreaterThanOrEqual(1);
  });

  it('counts the new quote requests and lists the newest five, newest first, without the ones already handled', async () => {
    const before = (await dashboard()).quotes.new_count;
    const added = [];
    for (let i = 0; i < 7; i++) added.push(await addQuote('new', new Date(Date.UTC(2026, 10, 20, 9, i))));
    await addQuote('contacted', new Date(Date.UTC(2026, 10, 21)));
    await addQuote('closed', new Date(Date.UTC(2026, 10, 22)));
    const { quotes } = await dashboard();
    expect(quotes.new_count).toBe(before + 7);
    expect(quotes.newest).toHaveLength(5);
    expect(quotes.newest.map((q) => q.reference)).toEqual(
      added
        .slice(2)
        .reverse()
        .map((q) => q.reference),
    );
    expect(quotes.newest[0]).toEqual({
      id: added[6]!.id,
      reference: added[6]!.reference,
      name: expect.stringMatching(/^Dash Customer/),
      vehicle: expect.stringMatching(/^Vehicle/),
      status: 'new',
      created_at: new Date(Date.UTC(2026, 10, 20, 9, 6)).toISOString(),
    });
  });

  it('lists today’s and tomorrow’s bookings at the shop’s clock, in order, leaving out cancelled ones and the day after', async () => {
    const today = localMoment(new Date(), ZONE).date;
    const at = (date: string, hour: number) => wallClockInstant(date, hour * 60, ZONE)!;
    const late = await addBooking(at(today, 23));
    const early = await addBooking(at(today, 0));
    await addBooking(at(today, 10), 'cancelled');
    const tomorrow = await addBooking(at(addDays(today, 1), 9));
    await addBooking(at(addDays(today, 2), 0));
    await addBooking(at(addDays(today, -1), 23));
    const { bookings } = await dashboard();
    expect(bookings.today).toBe(today);
    expect(bookings.tomorrow).toBe(addDays(today, 1));
    expect(bookings.today_list.map((b) => b.reference)).toEqual([early.reference, late.reference]);
    expect(bookings.tomorrow_list.map((b) => b.reference)).toEqual([tomorrow.reference]);
    expect(bookings.tomorrow_list[0]).toMatchObject({
      id: tomorrow.id,
      starts_at: at(addDays(today, 1), 9).toISOString(),
      type_name: expect.any(String),
      name: expect.stringMatching(/^Booked Person/),
      vehicle: expect.stringMatching(/^Booked Vehicle/),
    });
  });

  it('counts the open repair jobs at each stage, in board order, leaving out collected ones', async () => {
    const stages = await t.deps.db.selectFrom('repair_stages').select(['id', 'name']).orderBy('position').execute();
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const [first, second] = stages as [{ id: number; name: string }, { id: number; name: string }];
    await addRepairJob(first.id);
    await addRepairJob(first.id);
    await addRepairJob(second.id);
    await addRepairJob(second.id, true);
    const { repairs } = await dashboard();
    expect(repairs.open_count).toBe(3);
    expect(repairs.stages.map((s) => s.name)).toEqual(stages.map((s) => s.name));
    expect(repairs.stages[0]).toEqual({ id: first.id, name: first.name, count: 2 });
    expect(repairs.stages[1]).toEqual({ id: second.id, name: second.name, count: 1 });
  });

  it('lists feedback waiting for approval, oldest first, and not what was decided', async () => {
    const older = await addFeedback('pending', new Date(Date.UTC(2026, 10, 1)));
    const newer = await addFeedback('pending', new Date(Date.UTC(2026, 10, 2)));
    await addFeedback('approved', new Date(Date.UTC(2026, 10, 3)));
    const { feedback } = await dashboard();
    expect(feedback.pending_count).toBe(2);
    expect(feedback.oldest.map((f) => f.id)).toEqual([older.id, newer.id]);
    expect(feedback.oldest[0]).toMatchObject({ score: 5, display_name: expect.stringMatching(/^Reviewer/), reference: expect.any(String) });
  });

  it('counts failed mail, and warns when mail has been failing for longer than 15 minutes', async () => {
    await addMail('failed', new Date(Date.now() - 60 * 60 * 1000));
    await addMail('failed', new Date(Date.now() - 60 * 60 * 1000));
    const { mail } = await dashboard();
    expect(mail.failed_count).toBe(2);
    expect(mail.warning).toBe(true);
  });

  it('keeps the site’s counts of users, testimonials, widgets and galleries', async () => {
    const before = (await dashboard()).site;
    await clientAs(t);
    await t.deps.db.insertInto('testimonials').values({ name: 'Counted', score: 5, review: 'Counted review.' }).execute();
    const after = (await dashboard()).site;
    expect(after.users).toBe(before.users + 1);
    expect(after.testimonials).toBe(before.testimonials + 1);
    expect(after.widgets).toBe(before.widgets);
    const widgets = await t.deps.db.selectFrom('widgets').select('id').execute();
    expect(after.widgets).toBe(widgets.length);
  });

  it('runs the same statements however much work waits, and lists at most 5 of the feedback it counts', async () => {
    const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow();
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const addWork = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await addQuote('new', new Date());
        await addBooking(soon);
        await addRepairJob(stage.id);
        await addFeedback('pending', new Date());
        await addMail('queued', null);
        await addMail('sent', null);
      }
    };
    const run = () => countStatements(t.deps.db, (db) => getDashboard({ db, publicContent: t.deps.publicContent }));
    await addWork(1);
    const few = await run();
    await addWork(12);
    const many = await run();
    expect(many.statements).toBe(few.statements);
    expect(many.result.feedback.pending_count).toBe(few.result.feedback.pending_count + 12);
    expect(many.result.feedback.oldest).toHaveLength(5);
    expect(many.result.mail.queued_count).toBe(few.result.mail.queued_count + 12);
    expect(many.result.repairs.open_count).toBe(few.result.repairs.open_count + 12);
  });

  it('has the partial indexes its counts, the badges and the board read', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname in (
        'repair_jobs_open_created', 'repair_jobs_open_stage', 'bookings_waiting_ends',
        'quote_requests_new_created', 'outgoing_mail_unsent', 'repair_review_requests_pending',
        'estimates_declined')`.execute(t.deps.db);
    expect(rows.map((r) => r.indexname).sort()).toEqual([
      'bookings_waiting_ends',
      'estimates_declined',
      'outgoing_mail_unsent',
      'quote_requests_new_created',
      'repair_jobs_open_created',
      'repair_jobs_open_stage',
      'repair_review_requests_pending',
    ]);
    for (const row of rows) expect(row.indexdef).toMatch(/ WHERE /);
  });
});
