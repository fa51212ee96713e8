/**
 * A booking joins a quote request by its reference only when the request is the customer's: by
 * the signed-in account, or by the booking's e-mail address for a guest's request. Anyone else's
 * reference is kept as the typed text, joins nothing, and is answered exactly as an unknown one.
 * The account's bookings list gives each booking's manage link, which opens it.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { clientAs } from '#test/support/content.ts';
import { localMoment } from '#shared/opening-status.ts';
import { addDays } from '#shared/calendar-date.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';

let t: TestApp;
let dropOff: number;
let slots: { starts_at: string; free: number }[];
let nextSlot = 0;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  const types = await t.deps.db.selectFrom('booking_types').select(['id']).orderBy('position').execute();
  dropOff = types[1]!.id;
  const from = localMoment(new Date(), 'Europe/London').date;
  const res = await new TestClient(t.app).get(`/api/booking-types/${dropOff}/availability`, { query: { from, to: addDays(from, 20) } });
  expect(res.status, res.text).toBe(200);
  slots = (res.body.days as { slots: { starts_at: string; free: number }[] }[]).flatMap((d) => d.slots.filter((s) => s.free > 0));
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
let emails = 0;

async function book(fields: Record<string, unknown>, client?: TestClient) {
  const c = client ?? new TestClient(t.app);
  if (!client) await c.csrf();
  address += 1;
  return c.post('/api/bookings', {
    json: {
      name: 'Jo Customer',
      email: `quote-link${++emails}@example.com`,
      telephone: '07700 900123',
      vehicle: 'Ford Focus 2018',
      registration: '',
      booking_type_id: dropOff,
      starts_at: slots[nextSlot++]!.starts_at,
      ...fields,
    },
    headers: { 'x-forwarded-for': `10.37.0.${address}` },
  });
}

async function stored(reference: string) {
  return t.deps.db
    .selectFrom('bookings')
    .select(['quote_request_id', 'quote_reference', 'user_id'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

describe('a booking with a quote reference', () => {
  it("joins a guest's request under the same e-mail address, the reference in any case", async () => {
    const quote = await insertQuoteRequest(t.deps.db, { user_id: null, email: 'Guest.Quote@example.com' });
    const res = await book({ email: 'guest.quote@example.com', quote_reference: quote.reference.toLowerCase() });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.reference)).toEqual({ quote_request_id: quote.id, quote_reference: quote.reference, user_id: null });
  });

  it("joins the signed-in customer's own request, whatever address the booking gives", async () => {
    const { client, user } = await clientAs(t);
    const quote = await insertQuoteRequest(t.deps.db, { user_id: user.id, email: user.email });
    const res = await book({ email: 'another.address@example.com', quote_reference: quote.reference }, client);
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.reference)).toEqual({ quote_request_id: quote.id, quote_reference: quote.reference, user_id: user.id });
  });

  it("never joins a stranger's request: the booking is made, the reference kept as typed, as for an unknown one", async () => {
    const { user: other } = await clientAs(t);
    const accounts = await insertQuoteRequest(t.deps.db, { user_id: other.id, email: other.email });
    const guests = await insertQuoteRequest(t.deps.db, { user_id: null, email: 'someone.else@example.com' });

    // Another account's request, even under its own address, when the booker is not signed in as them.
    const byAddress = await book({ email: other.email, quote_reference: accounts.reference });
    const { client } = await clientAs(t);
    const signedIn = await book({ quote_reference: accounts.reference }, client);
    // A guest's request under another address.
    const otherAddress = await book({ quote_reference: guests.reference });
    const unknown = await book({ quote_reference: 'Q-2026-ZZZZZZ' });

    for (const [res, reference] of [
      [byAddress, accounts.reference],
      [signedIn, accounts.reference],
      [otherAddress, guests.reference],
      [unknown, 'Q-2026-ZZZZZZ'],
    ] as const) {
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(unknown.body).sort());
      expect(await stored(res.body.reference)).toMatchObject({ quote_request_id: null, quote_reference: reference });
    }
  });

  it("a request picked from the customer's own list carries its reference on the booking", async () => {
    const { client, user } = await clientAs(t);
    const quote = await insertQuoteRequest(t.deps.db, { user_id: user.id, email: user.email });
    const res = await book({ quote_request_id: quote.id }, client);
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.reference)).toEqual({ quote_request_id: quote.id, quote_reference: quote.reference, user_id: user.id });
  });
});

describe("the account's bookings", () => {
  it('carry their manage link, the same the confirmation gave, which opens the booking', async () => {
    const { client } = await clientAs(t);
    const res = await book({}, client);
    expect(res.status, res.text).toBe(201);
    const list = await client.get('/api/user/bookings');
    expect(list.status).toBe(200);
    const mine = (list.body.data as { reference: string; manage_token: string | null }[]).find((b) => b.reference === res.body.reference);
    expect(mine?.manage_token).toBe(res.body.manage_token);
    const managed = await new TestClient(t.app).get(`/api/bookings/manage/${mine!.manage_token}`);
    expect(managed.status, managed.text).toBe(200);
    expect(managed.body.reference).toBe(res.body.reference);
  });
});
