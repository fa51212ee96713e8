// The shop answers in the customer's thread (docs/rest-contract.md "Message threads"): a reply
// reaches the customer by mail with the link back and Reply-To the shop, held over the quiet hours;
// a done thread reopens on a customer message; the manage link opens its booking's thread only; a
// technician cannot reply; a telephone-only customer cannot be written to.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, pathOf } from '#test/support/mail.ts';
import { insertBooking, insertQuoteRequest } from '#test/support/work-rows.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { hashManageToken, manageToken } from '#server/bookings/manage-link.ts';
import { replyInThread } from '#server/threads/thread-replies.service.ts';
import { THREAD_TEXTS } from '#server/threads/thread-messages.ts';
import { daytimeZone } from '#test/support/daytime.ts';

let t: TestApp;
let admin: TestClient;
let adminName: string;
let outbox: string;
let typeId: number;
const SHOP_EMAIL = 'workshop@example.co.uk';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  // Quiet hours never hold a test's mail: the shop is where it is daytime now (one test sets its own clock).
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), email: SHOP_EMAIL, timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  const signedIn = await adminClient(t);
  admin = signedIn.client;
  adminName = signedIn.user.firstname;
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

/** A walk-in job opened as the shop does, with the tracker token from its mail. */
async function openJob(email: string) {
  const res = await admin.post('/api/repair-jobs', {
    json: {
      customer_name: 'Sam Walker',
      customer_email: email,
      vehicle: 'VW Golf 2020',
      agreed_work: 'Respray the wing.',
      promised_ready_on: '2026-12-24',
    },
  });
  expect(res.status).toBe(201);
  const link = (await mailsTo(outbox, email)).at(-1)!.links.find((l) => l.includes('/track/'))!;
  await clearOutbox(outbox);
  return { id: res.body.id as number, reference: res.body.reference as string, token: pathOf(link).split('/').pop()! };
}

/** A booking with a working manage link (its token made as the mails make it). */
async function bookingWithLink(fields: { email?: string; quote_request_id?: number } = {}) {
  const salt = randomBytes(16).toString('hex');
  const token = manageToken(t.config.appKey, salt);
  const row = await insertBooking(t.deps.db, {
    booking_type_id: typeId,
    starts_at: new Date(Date.now() + 3 * 86_400_000),
    manage_salt: salt,
    manage_token_hash: hashManageToken(token),
    ...fields,
  });
  return { row, token };
}

/** A visitor without a session, with the CSRF cookie the site's pages set. */
async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app);
  await client.csrf();
  return client;
}

async function rawMail(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

describe('the shop replies from a repair job', () => {
  it('mails the customer the reply with the tracker link and Reply-To the shop, and the tracker shows it', async () => {
    const job = await openJob('reply-customer@example.com');
    const customer = await (
      await visitor()
    ).post(`/api/repair-tracker/${job.token}/messages`, {
      json: { message: 'Is it ready on Friday?' },
      headers: { 'x-forwarded-for': '10.9.0.1' },
    });
    expect(customer.status).toBe(201);

    const before = await admin.get(`/api/repair-jobs/${job.id}/messages`);
    expect(before.status).toBe(200);
    expect(before.body.awaiting_shop).toBe(true);
    expect(before.body.can_mail).toBe(true);
    expect(before.body.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['customer', 'Is it ready on Friday?'],
    ]);

    const res = await admin.post(`/api/repair-jobs/${job.id}/messages`, { json: { message: 'Yes, by 4pm.\nSee you then.' } });
    expect(res.status).toBe(201);
    expect(res.body.awaiting_shop).toBe(false);
    expect(res.body.messages[0]).toMatchObject({
      from: 'shop',
      author_name: expect.stringContaining(adminName),
      body: 'Yes, by 4pm.\nSee you then.',
    });

    const [mail] = await mailsTo(outbox, 'reply-customer@example.com');
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain(job.reference);
    expect(mail!.subject).not.toContain('4pm');
    expect(mail!.text).toContain('Yes, by 4pm.');
    expect(mail!.text).toContain(THREAD_TEXTS.keepInOnePlace);
    const link = mail!.links.find((l) => l.includes('/track/'));
    expect(link && pathOf(link)).toBe(`/track/${job.token}`);
    expect(await rawMail(mail!.file)).toMatch(new RegExp(`^Reply-To: ${SHOP_EMAIL.replace(/\./g, '\\.')}`, 'mi'));

    const tracker = await t.app.inject({ method: 'GET', url: `/api/repair-tracker/${job.token}` });
    const messages = tracker.json<{ messages: { from: string; body: string }[] }>().messages;
    expect(messages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'Is it ready on Friday?'],
      ['shop', 'Yes, by 4pm.\nSee you then.'],
    ]);
  });

  it('refuses an empty reply with a field error, and an unknown job with a 404', async () => {
    const job = await openJob('empty-reply@example.com');
    const empty = await admin.post(`/api/repair-jobs/${job.id}/messages`, { json: { message: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.message).toBeDefined();
    expect((await admin.post('/api/repair-jobs/999999/messages', { json: { message: 'Hello' } })).status).toBe(404);
    expect(await mailsTo(outbox, 'empty-reply@example.com')).toHaveLength(0);
  });

  it('holds a reply written in the quiet hours until 08:00 at the shop', async () => {
    const job = await openJob('late-reply@example.com');
    const shop = await getShop(t.deps);
    // 21:30 at the shop, whatever its zone: the mail's send job starts no earlier than 08:00 next morning.
    const now = new Date();
    const at = new Date(new TZDate(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 21, 30, 0, shop.timeZone).getTime());
    const staff = await t.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
    await replyInThread(t.deps, staff.id, 'repair_job', { id: job.id, message: 'We will call you tomorrow.' }, at);
    const { rows } = await sql<{ start_after: Date }>`
      select j.start_after from pgboss.job j join outgoing_mail m on (j.data->>'mailId') = m.id::text
      where m.recipient = 'late-reply@example.com' and m.kind = 'thread-reply'`.execute(t.deps.db);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.start_after).getTime()).toBeGreaterThanOrEqual(at.getTime() + 10 * 60 * 60 * 1000);
    expect(new Date(rows[0]!.start_after).getTime()).toBeLessThanOrEqual(at.getTime() + 11 * 60 * 60 * 1000);
  });
});

describe('done and reopened', () => {
  it('shows a done thread as done, and a new customer message reopens it', async () => {
    const job = await openJob('done-customer@example.com');
    const send = (message: string) =>
      visitor().then((v) =>
        v.post(`/api/repair-tracker/${job.token}/messages`, { json: { message }, headers: { 'x-forwarded-for': '10.9.0.2' } }),
      );
    expect((await send('Thanks for the update')).status).toBe(201);
    const done = await admin.post(`/api/repair-jobs/${job.id}/messages/done`, { json: {} });
    expect(done.status).toBe(200);
    expect(done.body.done_at).toEqual(expect.any(String));
    expect(done.body.awaiting_shop).toBe(false);

    expect((await send('Actually, one more question')).status).toBe(201);
    const reopened = await admin.get(`/api/repair-jobs/${job.id}/messages`);
    expect(reopened.body.done_at).toBeNull();
    expect(reopened.body.awaiting_shop).toBe(true);
  });
});

describe('who may read and write which thread', () => {
  it('gives the manage link its booking’s thread only, both ways', async () => {
    const mine = await bookingWithLink({ email: 'manage-mine@example.com' });
    const theirs = await bookingWithLink({ email: 'manage-theirs@example.com' });
    await admin.post(`/api/admin/bookings/${theirs.row.id}/messages`, { json: { message: 'For the other customer only' } });

    const write = await (
      await visitor()
    ).post(`/api/bookings/manage/${mine.token}/messages`, {
      json: { message: 'Can I bring it at 9?' },
      headers: { 'x-forwarded-for': '10.9.0.3' },
    });
    expect(write.status).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${mine.token}/messages` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(read.json<{ messages: { body: string }[] }>().messages.map((m) => m.body)).toEqual(['Can I bring it at 9?']);

    const shopSide = await admin.get(`/api/admin/bookings/${mine.row.id}/messages`);
    expect(shopSide.body.messages.map((m: { body: string }) => m.body)).toEqual(['Can I bring it at 9?']);
    const other = await admin.get(`/api/admin/bookings/${theirs.row.id}/messages`);
    expect(other.body.messages.map((m: { body: string }) => m.body)).toEqual(['For the other customer only']);

    // A token that opens no booking is a 404, as on every manage path; no id reaches another thread.
    const wrong = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${'x'.repeat(43)}/messages` });
    expect(wrong.statusCode).toBe(404);
  });

  it('mails a booking’s customer the reply with the manage link', async () => {
    const { row, token } = await bookingWithLink({ email: 'booking-reply@example.com' });
    const res = await admin.post(`/api/admin/bookings/${row.id}/messages`, { json: { message: 'Please bring the locking wheel nut.' } });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(outbox, 'booking-reply@example.com');
    expect(mail!.text).toContain('Please bring the locking wheel nut.');
    expect(mail!.links.map(pathOf)).toContain(`/book/manage/${token}`);
  });

  it('shares one thread between a quote and the booking made from it, and mails the quote’s customer the account link', async () => {
    const quote = await insertQuoteRequest(t.deps.db, { email: 'quote-reply@example.com' });
    const { token } = await bookingWithLink({ email: 'quote-reply@example.com', quote_request_id: quote.id });
    const res = await admin.post(`/api/quote-requests/${quote.id}/messages`, { json: { message: 'The price includes VAT.' } });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(outbox, 'quote-reply@example.com');
    expect(mail!.links.map(pathOf)).toContain('/account/quotes');
    const read = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}/messages` });
    expect(read.json<{ messages: { from: string; body: string }[] }>().messages.map((m) => [m.from, m.body])).toEqual([
      ['shop', 'The price includes VAT.'],
    ]);
  });

  it('lets a customer not read another matter’s thread', async () => {
    const job = await openJob('someone@example.com');
    const { client: customer } = await clientAs(t, { email: 'nosy@example.com' });
    expect((await customer.get(`/api/repair-jobs/${job.id}/messages`)).status).toBe(403);
    expect((await customer.post(`/api/repair-jobs/${job.id}/messages`, { json: { message: 'Hi' } })).status).toBe(403);
    expect((await customer.post(`/api/user/repairs/${job.id}/messages`, { json: { message: 'Hi' } })).status).toBe(404);
  });

  it('lets an estimator reply and a technician neither read nor reply', async () => {
    const job = await openJob('staff-roles@example.com');
    const { client: technician } = await clientAs(t, { staff_role: 'technician' });
    expect((await technician.get(`/api/repair-jobs/${job.id}/messages`)).status).toBe(403);
    expect((await technician.post(`/api/repair-jobs/${job.id}/messages`, { json: { message: 'Hi' } })).status).toBe(403);
    const { client: estimator } = await clientAs(t, { staff_role: 'estimator' });
    expect((await estimator.post(`/api/repair-jobs/${job.id}/messages`, { json: { message: 'Ready Friday.' } })).status).toBe(201);
    expect(await mailsTo(outbox, 'staff-roles@example.com')).toHaveLength(1);
  });

  it('says a telephone-only customer cannot be mailed, and refuses a reply', async () => {
    const { row } = await bookingWithLink({ email: '' });
    const read = await admin.get(`/api/admin/bookings/${row.id}/messages`);
    expect(read.body.can_mail).toBe(false);
    const reply = await admin.post(`/api/admin/bookings/${row.id}/messages`, { json: { message: 'Hello' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.message).toEqual([THREAD_TEXTS.noEmail]);
  });
});
