/**
 * The shop is told (docs/product.md "Notifications"): each event (a booking made, moved, cancelled,
 * a change request, a customer's message on a job or a booking, a reply on a quote, feedback left)
 * queues the 'shop-notification' mail to the configured addresses (the shop's e-mail by default),
 * an event turned off sends none; the setting is owners' only; and the dashboard's "Needs you"
 * lists each kind of waiting work and clears it once answered, in the same statements however
 * much waits. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf, readOutbox } from '#test/support/mail.ts';
import { makeRetriesDue } from '#test/support/jobs.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getShop } from '#server/shop/shop.service.ts';
import { getDashboard } from '#server/dashboard/dashboard.service.ts';
import { matterOf, markDone, postMessage } from '#server/threads/threads.service.ts';
import { addDays } from '#shared/calendar-date.ts';
import { localMoment } from '#shared/opening-status.ts';
import type { Dashboard } from '#shared/schemas/dashboard.ts';
import type { NotificationSettings } from '#shared/schemas/notifications.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
let shopEmail: string;
let typeId: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
  shopEmail = (await getShop(t.deps)).email;
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let n = 0;
const today = () => localMoment(new Date(), 'Europe/London').date;

async function freeSlots(c: TestClient) {
  const res = await c.get(`/api/booking-types/${typeId}/availability`, { query: { from: today(), to: addDays(today(), 30) } });
  // Beyond the change cut-off (24 hours), so the customer may still move and cancel online.
  const after = Date.now() + 48 * 3600_000;
  return (res.body.days as { slots: { starts_at: string; free: number }[] }[]).flatMap((d) =>
    d.slots.filter((s) => s.free > 0 && new Date(s.starts_at).getTime() > after),
  );
}

async function book(index = 0) {
  const c = new TestClient(t.app);
  await c.csrf();
  const slot = (await freeSlots(c))[index]!;
  n += 1;
  const res = await c.post('/api/bookings', {
    json: {
      booking_type_id: typeId,
      starts_at: slot.starts_at,
      name: 'Morwenna Tregear',
      email: `notify${n}@example.com`,
      telephone: '07700 900123',
      vehicle: 'Volvo V70',
    },
    headers: { 'x-forwarded-for': `10.37.0.${n}` },
  });
  expect(res.status, res.text).toBe(201);
  const body = res.body as { reference: string; manage_token: string; starts_at: string };
  const row = await t.deps.db.selectFrom('bookings').select('id').where('reference', '=', body.reference).executeTakeFirstOrThrow();
  return { client: c, id: row.id, ...body };
}

async function shopMails() {
  await t.deps.jobs.drain();
  return (await readOutbox(outbox)).filter((m) =>
    /^(New booking|Booking moved|Booking cancelled|Change requested|Customer message|Quote reply|Feedback left)/.test(m.subject),
  );
}

async function settings(body?: { events: string[]; recipients: string[] }): Promise<NotificationSettings> {
  const res = body ? await admin.put('/api/admin/notifications', { json: body }) : await admin.get('/api/admin/notifications');
  expect(res.status, res.text).toBe(200);
  return res.body as NotificationSettings;
}

const ALL = [
  'booking-created',
  'booking-moved',
  'booking-cancelled',
  'change-requested',
  'customer-message',
  'quote-reply',
  'feedback-left',
  'estimate-accepted',
  'estimate-declined',
  'payment-received',
];

describe('the setting', () => {
  it('starts with every event on, told to the shop e-mail', async () => {
    expect(await settings()).toEqual({ events: ALL, recipients: [], shop_email: shopEmail });
  });

  it('is for owners only, and refuses a bad address with a 422 on its field', async () => {
    const estimator = (await clientAs(t, { role: 'user', staff_role: 'estimator' })).client;
    expect((await estimator.get('/api/admin/notifications')).status).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/notifications')).status).toBe(401);
    const bad = await admin.put('/api/admin/notifications', { json: { events: ALL, recipients: ['not an address'] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).some((k) => k.startsWith('recipients'))).toBe(true);
  });
});

describe('each event', () => {
  it('a new booking, a move, a change request and a cancellation each mail the shop, with the page to answer it and no link with a token', async () => {
    const b = await book(0);
    let mails = await shopMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[shopEmail, `New booking: ${b.reference}`]]);
    expect(mails[0]!.text).toContain('Morwenna Tregear, Volvo V70.');
    expect(mails[0]!.links).toContain(`${t.deps.config.appUrl}/admin/bookings/${b.id}`);
    expect(mails[0]!.text).not.toContain(b.manage_token);
    // The subject names no one: it is stored and listed.
    expect(mails[0]!.subject).not.toContain('Morwenna');

    await clearOutbox(outbox);
    const later = (await freeSlots(b.client)).find((s) => new Date(s.starts_at).getTime() > new Date(b.starts_at).getTime() + 86_400_000)!;
    const moved = await b.client.post(`/api/bookings/manage/${b.manage_token}/reschedule`, { json: { starts_at: later.starts_at } });
    expect(moved.status, moved.text).toBe(200);
    mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Booking moved: ${b.reference}`]);

    await clearOutbox(outbox);
    const asked = await b.client.post(`/api/bookings/manage/${b.manage_token}/change-request`, {
      json: { message: 'Could it be a Saturday?' },
    });
    expect(asked.status, asked.text).toBe(200);
    mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Change requested: ${b.reference}`]);

    await clearOutbox(outbox);
    expect((await b.client.post(`/api/bookings/manage/${b.manage_token}/cancel`)).status).toBe(200);
    mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Booking cancelled: ${b.reference}`]);
  });

  it("a customer's message: on a quote alone it is a quote reply, on a booking a customer message; the shop's own sends none", async () => {
    const quote = await insertQuoteRequest(t.deps.db, { name: 'Jenna Rowe', email: 'jenna@example.com', vehicle: 'Kia Ceed' });
    await postMessage(
      t.deps.db,
      matterOf({ quoteRequestId: quote.id }),
      { side: 'customer', body: 'Yes please, go ahead.' },
      new Date(),
      t.deps,
    );
    const replied = await shopMails();
    expect(replied.map((m) => [m.to, m.subject])).toEqual([[shopEmail, `Quote reply from the customer: ${quote.reference}`]]);
    expect(replied[0]!.links).toContain(`${t.deps.config.appUrl}/admin/quotes/${quote.id}`);
    const b = await book(1);
    await clearOutbox(outbox);
    await postMessage(
      t.deps.db,
      matterOf({ bookingId: b.id }),
      { side: 'customer', body: 'I will be ten minutes late.' },
      new Date(),
      t.deps,
    );
    const staff = await t.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
    await postMessage(
      t.deps.db,
      matterOf({ bookingId: b.id }),
      { side: 'shop', staffUserId: staff.id, body: 'No problem.' },
      new Date(),
      t.deps,
    );
    const mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Customer message: ${b.reference}`]);
    expect(mails[0]!.text).toContain('I will be ten minutes late.');
  });

  it('a message from the tracker mails the shop with the job page', async () => {
    const job = await admin.post('/api/repair-jobs', {
      json: {
        customer_name: 'Tamsin Kemp',
        customer_email: 'tamsin@example.com',
        vehicle: 'Mini Cooper',
        agreed_work: 'A new bumper.',
        promised_ready_on: '2026-12-20',
      },
    });
    expect(job.status, job.text).toBe(201);
    await t.deps.jobs.drain();
    const link = (await mailsTo(outbox, 'tamsin@example.com')).flatMap((m) => m.links).find((l) => l.includes('/track/'))!;
    const token = pathOf(link).split('/').pop()!;
    await clearOutbox(outbox);
    const anon = new TestClient(t.app);
    await anon.csrf();
    const sent = await anon.post(`/api/repair-tracker/${token}/messages`, {
      json: { message: 'Is it ready yet?' },
      headers: { 'x-forwarded-for': '10.37.1.1' },
    });
    expect(sent.status, sent.text).toBe(201);
    const mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Customer message: ${job.body.reference}`]);
    expect(mails[0]!.links).toContain(`${t.deps.config.appUrl}/admin/repairs/${job.body.id}`);
  });

  it('feedback left mails the shop', async () => {
    const collected = (await t.deps.db.selectFrom('repair_stages').select('id').where('is_collected', '=', true).executeTakeFirstOrThrow())
      .id;
    const job = await admin.post('/api/repair-jobs', {
      json: {
        customer_name: 'Loveday Hicks',
        customer_email: 'loveday@example.com',
        vehicle: 'Skoda Fabia',
        agreed_work: 'Respray.',
        promised_ready_on: '2026-12-20',
      },
    });
    expect((await admin.post(`/api/repair-jobs/${job.body.id}/stage`, { json: { stage_id: collected } })).status).toBe(200);
    await makeRetriesDue(t.deps.db);
    await t.deps.jobs.drain();
    const link = (await mailsTo(outbox, 'loveday@example.com'))
      .flatMap((m) => m.links)
      .find((l) => /\/review\/[A-Za-z0-9_-]{43}$/.test(l))!;
    const token = pathOf(link).split('/').pop()!;
    await clearOutbox(outbox);
    const anon = new TestClient(t.app);
    await anon.csrf();
    const res = await anon.post(`/api/review-requests/${token}/feedback`, {
      json: { score: 5, feedback: 'Lovely work.', name: 'Loveday', consent: true },
      headers: { 'x-forwarded-for': '10.37.2.1' },
    });
    expect(res.status, res.text).toBeLessThan(300);
    const mails = await shopMails();
    expect(mails.map((m) => m.subject)).toEqual([`Feedback left: ${job.body.reference}`]);
    expect(mails[0]!.links).toContain(`${t.deps.config.appUrl}/admin/feedback`);
  });
});

describe('the setting applied', () => {
  it('mails every listed address, and a turned-off event sends none', async () => {
    await settings({ events: ALL.filter((e) => e !== 'booking-cancelled'), recipients: ['Office@Example.com', 'owner@example.com'] });
    const b = await book(2);
    let mails = await shopMails();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['office@example.com', `New booking: ${b.reference}`],
      ['owner@example.com', `New booking: ${b.reference}`],
    ]);
    await clearOutbox(outbox);
    expect((await b.client.post(`/api/bookings/manage/${b.manage_token}/cancel`)).status).toBe(200);
    mails = await shopMails();
    expect(mails).toEqual([]);
    // Back to the defaults for the rest.
    await settings({ events: ALL, recipients: [] });
  });
});

describe('Needs you', () => {
  async function needsYou(): Promise<Dashboard['needs_you']> {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    return (res.body as Dashboard).needs_you;
  }

  it('lists each kind of waiting work and clears it once answered', async () => {
    const b = await book(3);
    const quote = await insertQuoteRequest(t.deps.db, {
      name: 'Demelza Pryor',
      email: 'demelza@example.com',
      vehicle: 'Fiat 500',
      status: 'new',
    });
    await postMessage(t.deps.db, matterOf({ bookingId: b.id }), { side: 'customer', body: 'Can I bring it earlier?' }, new Date(), t.deps);
    await b.client.post(`/api/bookings/manage/${b.manage_token}/change-request`, { json: { message: 'A later time, please.' } });

    let waiting = await needsYou();
    expect(waiting.unseen_bookings.items.map((i) => i.reference)).toContain(b.reference);
    expect(waiting.change_requests.items.find((i) => i.reference === b.reference)?.note).toBe('A later time, please.');
    expect(waiting.messages.items.find((i) => i.reference === b.reference)).toMatchObject({
      screen: 'adminBooking',
      id: b.id,
      name: 'Morwenna Tregear',
    });
    expect(waiting.quotes.items.map((i) => i.reference)).toContain(quote.reference);
    expect(waiting.total).toBe(
      waiting.messages.count +
        waiting.change_requests.count +
        waiting.unseen_bookings.count +
        waiting.quotes.count +
        waiting.feedback.count,
    );
    // The badges count the same.
    const badge = (await admin.get('/api/admin/bookings/counts')).body as { new: number; change_requests: number };
    expect([badge.new, badge.change_requests]).toEqual([waiting.unseen_bookings.count, waiting.change_requests.count]);

    // Opening the booking marks it seen; the shop's decision answers the change request; the
    // thread marked done answers the message; the quote answered leaves the list.
    expect((await admin.get(`/api/admin/bookings/${b.id}`)).status).toBe(200);
    const declined = await admin.post(`/api/admin/bookings/${b.id}/change-request`, {
      json: { accept: false, reason: 'We are full that day.' },
    });
    expect(declined.status, declined.text).toBe(200);
    await markDone(t.deps.db, `booking:${b.id}`);
    expect((await admin.patch(`/api/quote-requests/${quote.id}`, { json: { status: 'contacted' } })).status).toBeLessThan(300);

    waiting = await needsYou();
    expect(waiting.unseen_bookings.items.map((i) => i.reference)).not.toContain(b.reference);
    expect(waiting.change_requests.items.map((i) => i.reference)).not.toContain(b.reference);
    expect(waiting.messages.items.map((i) => i.reference)).not.toContain(b.reference);
    expect(waiting.quotes.items.map((i) => i.reference)).not.toContain(quote.reference);
  });

  it('runs the same statements however much waits', async () => {
    const first = await countStatements(t.deps.db, (db) => getDashboard({ db, publicContent: t.deps.publicContent }));
    for (let i = 0; i < 6; i++) {
      const q = await insertQuoteRequest(t.deps.db, { name: `Many ${i}`, email: `many${i}@example.com`, vehicle: 'Van', status: 'new' });
      await postMessage(t.deps.db, matterOf({ quoteRequestId: q.id }), { side: 'customer', body: `Message ${i}` });
    }
    const after = await countStatements(t.deps.db, (db) => getDashboard({ db, publicContent: t.deps.publicContent }));
    expect(after.statements).toBe(first.statements);
    expect(after.result.needs_you.messages.items.length).toBeLessThanOrEqual(5);
  });
});
