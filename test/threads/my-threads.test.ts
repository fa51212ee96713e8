// The account's door to a thread (docs/rest-contract.md "Message threads"): a verified customer
// reads and writes in the thread of their own quote request, shared with its bookings; another
// customer's quote is a 404 like an unknown one; the message is sanitised, the shop is told, a done
// thread reopens, and the writing is throttled per address.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo } from '#test/support/mail.ts';
import { insertBooking, insertQuoteRequest } from '#test/support/work-rows.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { REPAIR_MESSAGES_PER_HOUR } from '#shared/limits.ts';
import { daytimeZone } from '#test/support/daytime.ts';

let t: TestApp;
let admin: TestClient;
let outbox: string;
const SHOP_EMAIL = 'my-threads-shop@example.co.uk';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  const timeZone = daytimeZone();
  await updateShop(t.deps, { ...(await getShop(t.deps)), email: SHOP_EMAIL, timeZone }, SYSTEM_ACTOR);
  await t.deps.publicContent.refresh();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

/** A verified customer and a quote request of theirs. */
async function customerWithQuote() {
  const { client, user } = await clientAs(t);
  const quote = await insertQuoteRequest(t.deps.db, { user_id: user.id, email: user.email });
  return { client, user, quote };
}

let ip = 0;
/** Each call from its own address, so the per-address limit is only met where a test means it. */
const fromNewAddress = () => ({ 'x-forwarded-for': `10.77.0.${++ip}` });

type Page = { awaiting_shop: boolean; done_at: string | null; messages: { from: string; body: string; author_name: string | null }[] };

describe("the account's quote thread", () => {
  it('keeps the customer’s message, sanitised, waiting for the shop, and tells the shop', async () => {
    const { client, quote } = await customerWithQuote();
    const empty = await client.get(`/api/user/quote-requests/${quote.id}/messages`);
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toContain('no-store');
    expect(empty.body).toEqual({ done_at: null, awaiting_shop: false, messages: [], next_before_id: null });

    const res = await client.post(`/api/user/quote-requests/${quote.id}/messages`, {
      json: { message: '  Can you\u200b do Tuesday?\r\n\r\n\r\n\r\n\r\nThanks  ' },
      headers: fromNewAddress(),
    });
    expect(res.status).toBe(201);
    const page = res.body as Page;
    expect(page.awaiting_shop).toBe(true);
    expect(page.messages.map((m) => [m.from, m.body])).toEqual([['customer', 'Can you do Tuesday?\n\n\nThanks']]);

    const shopMails = await mailsTo(outbox, SHOP_EMAIL);
    expect(shopMails.map((m) => m.subject)).toEqual([`Quote reply from the customer: ${quote.reference}`]);
    expect(shopMails[0]!.text).toContain('Can you do Tuesday?');

    // The shop reads it on the quote's page, and its reply is in the customer's view with a first name.
    const shopView = await admin.get(`/api/quote-requests/${quote.id}/messages`);
    expect(shopView.body.awaiting_shop).toBe(true);
    expect(shopView.body.messages.map((m: { body: string }) => m.body)).toEqual(['Can you do Tuesday?\n\n\nThanks']);
    const reply = await admin.post(`/api/quote-requests/${quote.id}/messages`, { json: { message: 'Tuesday at 9 is fine.' } });
    expect(reply.status).toBe(201);
    const after = await client.get(`/api/user/quote-requests/${quote.id}/messages`);
    expect((after.body as Page).messages.map((m) => [m.from, m.body])).toEqual([
      ['shop', 'Tuesday at 9 is fine.'],
      ['customer', 'Can you do Tuesday?\n\n\nThanks'],
    ]);
    expect((after.body as Page).messages[0]!.author_name).not.toContain(' ');
    expect((after.body as Page).awaiting_shop).toBe(false);
  });

  it('is the thread its bookings share', async () => {
    const { client, quote } = await customerWithQuote();
    const typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
    const booking = await insertBooking(t.deps.db, { booking_type_id: typeId, quote_request_id: quote.id });
    await admin.post(`/api/admin/bookings/${booking.id}/messages`, { json: { message: 'We have your car booked in.' } });
    const res = await client.get(`/api/user/quote-requests/${quote.id}/messages`);
    expect((res.body as Page).messages.map((m) => m.body)).toEqual(['We have your car booked in.']);
  });

  it('reopens a thread the shop marked done', async () => {
    const { client, quote } = await customerWithQuote();
    await client.post(`/api/user/quote-requests/${quote.id}/messages`, { json: { message: 'First question' }, headers: fromNewAddress() });
    const done = await admin.post(`/api/quote-requests/${quote.id}/messages/done`, { json: {} });
    expect(done.body.done_at).not.toBeNull();
    expect(done.body.awaiting_shop).toBe(false);
    const again = await client.post(`/api/user/quote-requests/${quote.id}/messages`, {
      json: { message: 'One more thing' },
      headers: fromNewAddress(),
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ done_at: null, awaiting_shop: true });
  });

  it("answers another customer's quote with a 404, as an unknown one, and writes nothing", async () => {
    const { quote } = await customerWithQuote();
    const other = (await clientAs(t)).client;
    const read = await other.get(`/api/user/quote-requests/${quote.id}/messages`);
    expect(read.status).toBe(404);
    const unknown = await other.get(`/api/user/quote-requests/999999/messages`);
    expect(unknown.status).toBe(404);
    expect(read.body).toEqual(unknown.body);
    const send = await other.post(`/api/user/quote-requests/${quote.id}/messages`, {
      json: { message: 'Not mine' },
      headers: fromNewAddress(),
    });
    expect(send.status).toBe(404);
    const shopView = await admin.get(`/api/quote-requests/${quote.id}/messages`);
    expect(shopView.body.messages).toEqual([]);
    expect(await mailsTo(outbox, SHOP_EMAIL)).toEqual([]);
  });

  it('refuses an unverified account (403) and a guest (401)', async () => {
    const { client, user } = await clientAs(t, { verified: false });
    const quote = await insertQuoteRequest(t.deps.db, { user_id: user.id });
    expect((await client.get(`/api/user/quote-requests/${quote.id}/messages`)).status).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: `/api/user/quote-requests/${quote.id}/messages` });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses an empty message with a field error, and a too long one', async () => {
    const { client, quote } = await customerWithQuote();
    const empty = await client.post(`/api/user/quote-requests/${quote.id}/messages`, {
      json: { message: ' \u0007 ' },
      headers: fromNewAddress(),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.message).toBeDefined();
    const long = await client.post(`/api/user/quote-requests/${quote.id}/messages`, {
      json: { message: 'x'.repeat(2001) },
      headers: fromNewAddress(),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.message).toBeDefined();
  });

  it('throttles the writing per address (429 with Retry-After)', async () => {
    const headers = { 'x-forwarded-for': '10.78.0.1' };
    // Spread over several quotes of several customers: the address is what is counted.
    for (let i = 0; i < REPAIR_MESSAGES_PER_HOUR; i++) {
      const { client, quote } = await customerWithQuote();
      const ok = await client.post(`/api/user/quote-requests/${quote.id}/messages`, { json: { message: `Message ${i}` }, headers });
      expect(ok.status).toBe(201);
    }
    const { client, quote } = await customerWithQuote();
    const refused = await client.post(`/api/user/quote-requests/${quote.id}/messages`, { json: { message: 'One too many' }, headers });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
