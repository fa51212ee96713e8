/**
 * The shop's answer to a quote request (POST /api/quote-requests/{id}/replies) and the status
 * mails (docs/rest-contract.md "Quote requests"): the price (typed in pounds, kept in pence) and
 * the message are stored, mailed to the customer and shown in their own list, never to another
 * customer; every bad field is a 422 of its own; a change to `quoted` or `booked` is mailed once,
 * the shop's internal statuses are not. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { clearOutbox, mailsTo, readOutbox } from '#test/support/mail.ts';

let t: TestApp;
let outbox: string;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  outbox = path.join(t.dataDir, 'mail');
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await clearOutbox(outbox);
});

let n = 0;
async function sendQuote(client: TestClient, email: string) {
  if (!client.cookie('XSRF-TOKEN')) await client.csrf();
  n += 1;
  const res = await client.post('/api/quote-requests', {
    multipart: {
      name: 'Jo Customer',
      email,
      vehicle: 'Ford Focus 2018',
      description: 'Dent in the rear passenger door after a car park knock.',
      preferred_contact: 'email',
      consent: '1',
    },
    headers: { 'x-forwarded-for': `10.77.0.${n}` },
  });
  expect(res.status).toBe(201);
  await clearOutbox(outbox);
  return res.body as { id: number; reference: string };
}

describe('POST /api/quote-requests/{id}/replies', () => {
  it('refuses visitors (401) and customers (403), and an unknown request is a 404', async () => {
    const anon = new TestClient(t.app);
    await anon.csrf();
    const { client: user } = await clientAs(t);
    const body = { json: { price: '100', message: 'Hello' } };
    expect((await anon.post('/api/quote-requests/1/replies', body)).status).toBe(401);
    expect((await user.post('/api/quote-requests/1/replies', body)).status).toBe(403);
    expect((await admin.post('/api/quote-requests/999999/replies', body)).status).toBe(404);
    expect(await t.deps.db.selectFrom('quote_replies').select('id').execute()).toEqual([]);
  });

  it('answers each bad field in one 422 and keeps and sends nothing', async () => {
    const { client: jo, user } = await clientAs(t);
    const quote = await sendQuote(jo, user.email);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { price: ['The price field is required.'], message: ['The message field is required.'] }],
      [
        { price: '-5', message: '   ' },
        { price: ['The price field must be between £0 and £100,000.'], message: ['The message field is required.'] },
      ],
      [{ price: 'about 400', message: 'ok' }, { price: ['The price field must be an amount in pounds, such as 420 or 420.50.'] }],
      [{ price: '420.505', message: 'ok' }, { price: ['The price field must be an amount in pounds, such as 420 or 420.50.'] }],
      [{ price: '100000.01', message: 'ok' }, { price: ['The price field must be between £0 and £100,000.'] }],
      [{ price: '10', message: 'x'.repeat(2001) }, { message: ['The message field must not be greater than 2000 characters.'] }],
    ];
    for (const [json, errors] of cases) {
      const res = await admin.post(`/api/quote-requests/${quote.id}/replies`, { json });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await t.deps.db.selectFrom('quote_replies').select('id').where('quote_request_id', '=', quote.id).execute()).toEqual([]);
    expect(await readOutbox(outbox)).toEqual([]);
    const row = await t.deps.db.selectFrom('quote_requests').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
  });

  it('stores the price in pence, mails the customer once, marks the request quoted, and shows it to its owner only', async () => {
    const { client: jo, user } = await clientAs(t);
    const { client: sam } = await clientAs(t);
    const quote = await sendQuote(jo, user.email);
    const message = 'Repair and respray of the door, <b>including</b> paint matching.\n\nReady in three days.';
    const res = await admin.post(`/api/quote-requests/${quote.id}/replies`, { json: { price: '£1,250.50', message } });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.status).toBe('quoted');
    expect(res.body.replies).toEqual([{ id: expect.any(Number), price_pence: 125050, message, created_at: expect.any(String) }]);
    expect(Math.abs(Date.parse(res.body.replies[0].created_at) - Date.now())).toBeLessThan(60_000);

    const mails = await readOutbox(outbox);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toContain(user.email);
    expect(mail!.subject).toContain(quote.reference);
    expect(mail!.subject).toContain('£1,250.50');
    expect(mail!.text).toContain('Ready in three days.');
    expect(mail!.text).toContain('/account/quotes');
    // The admin's words are text: escaped in the HTML part.
    expect(mail!.html).toContain('&lt;b&gt;including&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>including</b>');

    const mine = await jo.get('/api/user/quote-requests');
    expect(mine.body.data[0]).toMatchObject({ id: quote.id, status: 'quoted', replies: res.body.replies });
    expect((await jo.get(`/api/user/quote-requests/${quote.id}`)).body.replies).toEqual(res.body.replies);
    expect((await sam.get(`/api/user/quote-requests/${quote.id}`)).status).toBe(404);
    expect(JSON.stringify((await sam.get('/api/user/quote-requests')).body)).not.toContain('paint matching');

    // A second answer (a revised price) keeps the first; a request already quoted stays quoted.
    const second = await admin.post(`/api/quote-requests/${quote.id}/replies`, { json: { price: 1100, message: 'Revised: £1,100.' } });
    expect(second.status).toBe(201);
    expect(second.body.replies.map((r: { price_pence: number }) => r.price_pence)).toEqual([125050, 110000]);
    expect(await mailsTo(outbox, user.email)).toHaveLength(2);
  });

  it('mails a visitor without an account too, with a link to the website', async () => {
    const quote = await sendQuote(new TestClient(t.app), 'visitor-reply@example.com');
    expect((await admin.post(`/api/quote-requests/${quote.id}/replies`, { form: { price: '0', message: 'Free of charge.' } })).status).toBe(
      201,
    );
    const [mail] = await mailsTo(outbox, 'visitor-reply@example.com');
    expect(mail!.subject).toContain('£0');
    expect(mail!.text).not.toContain('/account/quotes');
    // "Book a drop-off" opens the booking page with the quote's reference, and nothing secret.
    expect(mail!.text).toContain('Book a drop-off: ');
    expect(mail!.links).toContain(`${t.deps.config.appUrl}/book?quote=${quote.reference}`);
    expect(mail!.html).toContain(`/book?quote=${quote.reference}`);
  });
});

describe('status changes the customer is told of', () => {
  it('mails quoted and booked once each, and not contacted, closed, notes or the same status again', async () => {
    const { client: jo, user } = await clientAs(t);
    const quote = await sendQuote(jo, user.email);
    const patch = (json: Record<string, unknown>) => admin.patch(`/api/quote-requests/${quote.id}`, { json });

    expect((await patch({ status: 'contacted' })).status).toBe(200);
    expect(await readOutbox(outbox)).toEqual([]);

    expect((await patch({ status: 'quoted' })).status).toBe(200);
    let mails = await mailsTo(outbox, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`We have quoted for your request ${quote.reference}`);

    await patch({ status: 'quoted', notes: 'called back' });
    await patch({ notes: 'internal' });
    expect(await mailsTo(outbox, user.email)).toHaveLength(1);

    await patch({ status: 'booked' });
    mails = await mailsTo(outbox, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain(`Your repair is booked in: ${quote.reference}`);
    expect(mails.every((m) => !m.text.includes('internal'))).toBe(true);

    await patch({ status: 'closed' });
    expect(await mailsTo(outbox, user.email)).toHaveLength(2);
  });
});
