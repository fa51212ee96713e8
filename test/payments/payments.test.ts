/**
 * Payments through the REST door against the local Stripe (test/support/stripe-server.ts), which
 * the site's own Stripe SDK talks to: a deposit's checkout from the manage link, a balance's from
 * the tracker and from the account, Stripe's signed webhook (a bad or missing signature is a 400
 * that records nothing; the same event delivered 20 times at once records one payment), expiry,
 * refunds through Stripe and by hand (never more than is left: 422), counter payments, who may do
 * what, and a site without Stripe keys (online payments off, the rest still works). PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { mailsTo } from '#test/support/mail.ts';
import { getShop } from '#server/shop/shop.service.ts';
import { startFakeStripe, type FakeStripe } from '#test/support/stripe-server.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { acceptedEstimate, bookingType, firstStageId, manageLinkOf, trackerLinkOf } from './payment-fixtures.ts';

let t: TestApp;
let stripe: FakeStripe;
let admin: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripe.env);
  // Stripe's deliveries reach the app as HTTP requests would, with the raw body and the header.
  stripe.sink = async (payload, signature) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe-webhook',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        payload,
      })
    ).statusCode;
  admin = (await adminClient(t)).client;
  await admin.csrf();
  visitor = new TestClient(t.app);
  await visitor.csrf();
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function depositBooking(depositPence = 2500) {
  const type = await bookingType(t.deps.db, { deposit_kind: 'fixed', deposit_fixed_pence: depositPence });
  const booking = await insertBooking(t.deps.db, { booking_type_id: type.id });
  return { booking, token: await manageLinkOf(t.deps.db, t.config.appKey, booking.id) };
}

/** A job whose accepted estimate is £600.00 (£500.00 + 20 % VAT), at its first stage, with a tracker link. */
async function jobOwing(fields: { user_id?: number; customer_email?: string } = {}) {
  const quote = await insertQuoteRequest(t.deps.db);
  await acceptedEstimate(t.deps.db, quote.id, [[{ kind: 'part', quantity: 1, unit_price_pence: 50_000, vat_rate_bp: 2000 }]]);
  const job = await insertRepairJob(t.deps.db, { stage_id: await firstStageId(t.deps.db), quote_request_id: quote.id, ...fields });
  return { job, token: await trackerLinkOf(t.deps.db, t.config.appKey, job.id) };
}

const paymentOfSession = (sessionId: string) =>
  t.deps.db.selectFrom('payments').selectAll().where('stripe_checkout_session_id', '=', sessionId).executeTakeFirstOrThrow();
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const countRows = async (table: 'stripe_events' | 'payments' | 'refunds') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function paidDeposit() {
  const { booking, token } = await depositBooking(4000);
  const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
  expect(res.status).toBe(201);
  const sessionId = sessionIdOf(res.body.checkout_url);
  expect((await stripe.complete(sessionId)).status).toBe(200);
  return { booking, token, payment: await paymentOfSession(sessionId) };
}

describe("a booking's deposit through Stripe Checkout", () => {
  it('starts a checkout for the amount the server works out, and the signed webhook marks it paid', async () => {
    const { booking, token } = await depositBooking(2500);
    const due = await visitor.get(`/api/bookings/manage/${token}/deposit`);
    expect(due.status).toBe(200);
    expect(due.body).toEqual({ due_pence: 2500, online_payments: true });
    expect(due.headers['cache-control']).toContain('no-store');

    // Whatever the client sends, the amount is the server's.
    const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`, { json: { amount_pence: 1 } });
    expect(res.status).toBe(201);
    expect(res.body.amount_pence).toBe(2500);
    expect(res.body.checkout_url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const session = stripe.sessions.get(sessionIdOf(res.body.checkout_url))!;
    expect(session.amount_total).toBe(2500);
    expect(session.currency).toBe('gbp');
    expect(session.success_url).toBe(`http://localhost:3000/book/manage/${token}?payment=done`);
    expect(session.cancel_url).toBe(`http://localhost:3000/book/manage/${token}?payment=cancelled`);

    const pending = await paymentOfSession(session.id);
    expect(pending).toMatchObject({
      booking_id: booking.id,
      purpose: 'deposit',
      method: 'stripe',
      status: 'pending',
      amount_pence: 2500,
      paid_at: null,
    });
    // Pending is not paid: the deposit is still due.
    expect((await visitor.get(`/api/bookings/manage/${token}/deposit`)).body.due_pence).toBe(2500);

    // A second click while the checkout is open reuses it.
    const again = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    expect(again.body.checkout_url).toBe(res.body.checkout_url);

    const { status } = await stripe.complete(session.id);
    expect(status).toBe(200);
    const paid = await paymentOfSession(session.id);
    expect(paid.status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect(paid.stripe_payment_intent_id).toBe(session.payment_intent);
    expect((await visitor.get(`/api/bookings/manage/${token}/deposit`)).body.due_pence).toBe(0);
    const logged = await t.deps.db
      .selectFrom('activity_entries')
      .selectAll()
      .where('kind', '=', 'payment-received-online')
      .where('item_id', '=', booking.id)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toBe('£25 deposit');
    // The shop is told.
    const told = await mailsTo(path.join(t.dataDir, 'mail'), (await getShop(t.deps)).email);
    expect(told.some((m) => m.text.includes('£25 paid online (deposit).') && m.subject.includes(booking.reference))).toBe(true);

    // Nothing due any more: no checkout.
    const none = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There is nothing to pay.');
  });

  it('an unknown manage link is a 404; an expired checkout marks its payment expired', async () => {
    expect((await visitor.post(`/api/bookings/manage/${'x'.repeat(43)}/deposit/checkout`)).status).toBe(404);
    const { token } = await depositBooking(1500);
    const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    const sessionId = sessionIdOf(res.body.checkout_url);
    expect((await stripe.expire(sessionId)).status).toBe(200);
    expect((await paymentOfSession(sessionId)).status).toBe('expired');
    // A late completion of an expired session changes nothing... and a new checkout is a new session.
    const next = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    expect(next.status).toBe(201);
    expect(next.body.checkout_url).not.toBe(res.body.checkout_url);
  });

  it('Stripe down: a 503, and the payment row says it failed', async () => {
    const { booking, token } = await depositBooking(1200);
    stripe.failing = true;
    try {
      const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Stripe did not answer: try again in a moment.');
    } finally {
      stripe.failing = false;
    }
    const rows = await t.deps.db.selectFrom('payments').selectAll().where('booking_id', '=', booking.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });
});

describe("a booking type's deposit", () => {
  it('is none by default, fixed pence or a share in basis points, each with its amount (422 on the field)', async () => {
    const made = await admin.post('/api/admin/booking-types', { json: { name: 'Estimate visit', duration_minutes: 30, capacity: 1 } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ deposit_kind: 'none', deposit_fixed_pence: 0, deposit_share_bp: 0 });
    const noAmount = await admin.patch(`/api/admin/booking-types/${made.body.id}`, { json: { deposit_kind: 'fixed' } });
    expect(noAmount.status).toBe(422);
    expect(noAmount.body.errors).toEqual({ deposit_fixed_pence: ['Enter the deposit amount, or ask for no deposit.'] });
    const fixed = await admin.patch(`/api/admin/booking-types/${made.body.id}`, {
      json: { deposit_kind: 'fixed', deposit_fixed_pence: 2500 },
    });
    expect(fixed.body).toMatchObject({ deposit_kind: 'fixed', deposit_fixed_pence: 2500 });
    const share = await admin.patch(`/api/admin/booking-types/${made.body.id}`, { json: { deposit_kind: 'share' } });
    expect(share.body.errors).toEqual({ deposit_share_bp: ['Enter the deposit percentage, or ask for no deposit.'] });
    const tooMuch = await admin.patch(`/api/admin/booking-types/${made.body.id}`, {
      json: { deposit_kind: 'share', deposit_share_bp: 10_001 },
    });
    expect(Object.keys(tooMuch.body.errors)).toEqual(['deposit_share_bp']);
    const ok = await admin.patch(`/api/admin/booking-types/${made.body.id}`, { json: { deposit_kind: 'share', deposit_share_bp: 2500 } });
    expect(ok.body).toMatchObject({ deposit_kind: 'share', deposit_share_bp: 2500 });
    // The public list says nothing of it.
    expect((await visitor.get('/api/booking-types')).body.data.find((x: { id: number }) => x.id === made.body.id)).not.toHaveProperty(
      'deposit_kind',
    );
  });
});

describe('the webhook', () => {
  it('refuses a bad or missing signature with a 400 and records nothing', async () => {
    const { token } = await depositBooking(3000);
    const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    const session = stripe.sessions.get(sessionIdOf(res.body.checkout_url))!;
    session.status = 'complete';
    session.payment_status = 'paid';
    const event = stripe.signedEvent('checkout.session.completed', session);
    const events = await countRows('stripe_events');
    const post = (headers: Record<string, string>, payload = event.payload) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe-webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });

    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    const forged = await post({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(400);
    // The right signature over other bytes: an amount changed on the way.
    const tampered = await post({ 'stripe-signature': event.signature }, event.payload.replace('"amount_total":3000', '"amount_total":1'));
    expect(tampered.statusCode).toBe(400);
    expect(JSON.parse(tampered.body).message).toBe('The Stripe signature is missing or does not verify.');
    expect(await countRows('stripe_events')).toBe(events);
    expect((await paymentOfSession(session.id)).status).toBe('pending');

    // The real one, without CSRF or cookie: accepted.
    expect((await post({ 'stripe-signature': event.signature })).statusCode).toBe(200);
    expect((await paymentOfSession(session.id)).status).toBe('paid');
  });

  it('the same event delivered 20 times at once records one payment', async () => {
    const { booking, token } = await depositBooking(5000);
    const res = await visitor.post(`/api/bookings/manage/${token}/deposit/checkout`);
    const session = stripe.sessions.get(sessionIdOf(res.body.checkout_url))!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = 'pi_test_twenty_at_once';
    const event = stripe.signedEvent('checkout.session.completed', session);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => stripe.send(event)));
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await t.deps.db.selectFrom('stripe_events').selectAll().where('id', '=', event.id).execute()).toHaveLength(1);
    const rows = await t.deps.db.selectFrom('payments').selectAll().where('booking_id', '=', booking.id).execute();
    expect(rows.map((r) => [r.status, r.amount_pence])).toEqual([['paid', 5000]]);
    const logged = await t.deps.db
      .selectFrom('activity_entries')
      .select('id')
      .where('kind', '=', 'payment-received-online')
      .where('item_id', '=', booking.id)
      .execute();
    expect(logged).toHaveLength(1);
    expect((await visitor.get(`/api/bookings/manage/${token}/deposit`)).body.due_pence).toBe(0);
  });
});

describe("a job's balance", () => {
  it('from the tracker: the accepted total less what was paid, back to the tracker', async () => {
    const { job, token } = await jobOwing();
    await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'cash', amount_pence: 10_000, note: 'On the day' } });
    const res = await visitor.post(`/api/repair-tracker/${token}/checkout`);
    expect(res.status).toBe(201);
    expect(res.body.amount_pence).toBe(50_000);
    const session = stripe.sessions.get(sessionIdOf(res.body.checkout_url))!;
    expect(session.success_url).toBe(`http://localhost:3000/track/${token}?payment=done`);
    await stripe.complete(session.id);
    const list = await admin.get(`/api/repair-jobs/${job.id}/payments`);
    expect(list.status).toBe(200);
    expect(list.body.due_pence).toBe(0);
    expect(
      list.body.payments.map((p: { method: string; status: string; amount_pence: number }) => [p.method, p.status, p.amount_pence]),
    ).toEqual([
      ['cash', 'paid', 10_000],
      ['stripe', 'paid', 50_000],
    ]);
  });

  it("from the account: the customer's own job only; another's is a 404 like an unknown one", async () => {
    const { client: me, user } = await clientAs(t, {});
    const { client: someoneElse } = await clientAs(t, {});
    const { job } = await jobOwing({ user_id: user.id });
    const mine = await me.post(`/api/user/repairs/${job.id}/checkout`);
    expect(mine.status).toBe(201);
    expect(stripe.sessions.get(sessionIdOf(mine.body.checkout_url))!.success_url).toBe(
      'http://localhost:3000/account/repairs?payment=done',
    );
    expect((await someoneElse.post(`/api/user/repairs/${job.id}/checkout`)).status).toBe(404);
    expect((await someoneElse.post('/api/user/repairs/999999/checkout')).status).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.post(`/api/user/repairs/${job.id}/checkout`)).status).toBe(401);

    const type = await bookingType(t.deps.db, { deposit_kind: 'fixed', deposit_fixed_pence: 3000 });
    const booking = await insertBooking(t.deps.db, { booking_type_id: type.id, user_id: user.id });
    expect((await me.post(`/api/user/bookings/${booking.id}/deposit/checkout`)).status).toBe(201);
    expect((await someoneElse.post(`/api/user/bookings/${booking.id}/deposit/checkout`)).status).toBe(404);
  });
});

describe('counter payments and refunds (the payments permission)', () => {
  it('records a counter payment on a job and on a booking, checks its fields, and logs it', async () => {
    const { job } = await jobOwing();
    const bad = await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'stripe', amount_pence: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount_pence', 'method']);
    const res = await admin.post(`/api/repair-jobs/${job.id}/payments`, {
      json: { method: 'card_machine', amount_pence: 20_000, note: 'Terminal 1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.due_pence).toBe(40_000);
    expect(res.body.payments[0]).toMatchObject({
      method: 'card_machine',
      status: 'paid',
      amount_pence: 20_000,
      refundable_pence: 20_000,
      note: 'Terminal 1',
    });
    expect((await admin.post('/api/repair-jobs/999999/payments', { json: { method: 'cash', amount_pence: 100 } })).status).toBe(404);

    const { booking } = await depositBooking(2000);
    const onBooking = await admin.post(`/api/admin/bookings/${booking.id}/payments`, {
      json: { method: 'bank_transfer', amount_pence: 2000 },
    });
    expect(onBooking.status).toBe(201);
    expect(onBooking.body).toMatchObject({ due_pence: 0, online_payments: true });
    expect((await admin.get(`/api/admin/bookings/${booking.id}/payments`)).body.payments).toHaveLength(1);
    const logged = await t.deps.db
      .selectFrom('activity_entries')
      .select('details')
      .where('kind', '=', 'payment-recorded')
      .where('item_id', '=', job.id)
      .execute();
    expect(logged.map((l) => l.details)).toEqual(['£200 card machine']);
  });

  it('refunds through Stripe and by hand, never more than what is left (422)', async () => {
    const { payment, token } = await paidDeposit();
    const over = await admin.post(`/api/payments/${payment.id}/refunds`, {
      json: { method: 'stripe', amount_pence: 4001, reason: 'Too much' },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ amount_pence: ['A refund cannot be more than what is left of the payment.'] });
    const noReason = await admin.post(`/api/payments/${payment.id}/refunds`, { json: { method: 'stripe', amount_pence: 100 } });
    expect(noReason.body.errors).toEqual({ reason: ['The reason field is required.'] });

    const viaStripe = await admin.post(`/api/payments/${payment.id}/refunds`, {
      json: { method: 'stripe', amount_pence: 1500, reason: 'Booking moved' },
    });
    expect(viaStripe.status).toBe(201);
    expect(viaStripe.body.refundable_pence).toBe(2500);
    expect(viaStripe.body.refunds).toMatchObject([{ amount_pence: 1500, method: 'stripe', status: 'succeeded', reason: 'Booking moved' }]);
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === payment.stripe_payment_intent_id);
    expect(atStripe.map((r) => r.amount)).toEqual([1500]);

    const manual = await admin.post(`/api/payments/${payment.id}/refunds`, {
      json: { method: 'manual', amount_pence: 2000, reason: 'Cash back at the desk' },
    });
    expect(manual.status).toBe(201);
    expect(manual.body.refundable_pence).toBe(500);
    const tooMuch = await admin.post(`/api/payments/${payment.id}/refunds`, {
      json: { method: 'manual', amount_pence: 501, reason: 'Again' },
    });
    expect(tooMuch.status).toBe(422);
    // The deposit is owed again, less what was kept.
    expect((await visitor.get(`/api/bookings/manage/${token}/deposit`)).body.due_pence).toBe(3500);

    // Stripe's later word on its refund (refund.updated) is kept, once.
    const refund = atStripe[0]!;
    const failed = stripe.signedEvent('refund.updated', { ...refund, status: 'failed' });
    expect(await stripe.send(failed)).toBe(200);
    expect(await stripe.send(failed)).toBe(200);
    const row = await t.deps.db.selectFrom('refunds').selectAll().where('stripe_refund_id', '=', refund.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');

    const logged = await t.deps.db.selectFrom('activity_entries').select('details').where('kind', '=', 'refund-recorded').execute();
    expect(logged.map((l) => l.details)).toEqual(expect.arrayContaining(['£15 stripe', '£20 manual']));
  });

  it('a counter payment is refunded by hand only; twenty refunds at once never give back more than was paid', async () => {
    const { job } = await jobOwing();
    const res = await admin.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'cash', amount_pence: 1000 } });
    const id = res.body.payments[0].id as number;
    const viaStripe = await admin.post(`/api/payments/${id}/refunds`, { json: { method: 'stripe', amount_pence: 100, reason: 'x' } });
    expect(viaStripe.status).toBe(422);
    expect(Object.keys(viaStripe.body.errors)).toEqual(['method']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post(`/api/payments/${id}/refunds`, { json: { method: 'manual', amount_pence: 300, reason: 'Split' } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(17);
    const given = await t.deps.db.selectFrom('refunds').select('amount_pence').where('payment_id', '=', id).execute();
    expect(given.reduce((s, r) => s + r.amount_pence, 0)).toBe(900);
  });

  it('the estimator at the desk holds it; a technician, an editor and a customer do not', async () => {
    const { job } = await jobOwing();
    const cases: [Parameters<typeof clientAs>[1], number][] = [
      [{ staff_role: 'estimator' }, 201],
      [{ staff_role: 'technician' }, 403],
      [{ staff_role: 'editor' }, 403],
      [{}, 403],
    ];
    for (const [who, status] of cases) {
      const { client } = await clientAs(t, who);
      expect((await client.post(`/api/repair-jobs/${job.id}/payments`, { json: { method: 'cash', amount_pence: 100 } })).status).toBe(
        status,
      );
      expect((await client.get(`/api/repair-jobs/${job.id}/payments`)).status).toBe(status === 201 ? 200 : 403);
    }
  });
});

describe('without Stripe keys', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(async () => {
    await off?.close();
  });

  it('online payments are off with a clear answer; counter payments still work', async () => {
    expect(off.config.stripe).toBeUndefined();
    const type = await bookingType(off.deps.db, { deposit_kind: 'fixed', deposit_fixed_pence: 2500 });
    const booking = await insertBooking(off.deps.db, { booking_type_id: type.id });
    const token = await manageLinkOf(off.deps.db, off.config.appKey, booking.id);
    const client = new TestClient(off.app);
    await client.csrf();
    expect((await client.get(`/api/bookings/manage/${token}/deposit`)).body).toEqual({ due_pence: 2500, online_payments: false });
    const res = await client.post(`/api/bookings/manage/${token}/deposit/checkout`);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Online payments are not set up on this site: pay at the counter or ask the shop.');
    expect(await off.deps.db.selectFrom('payments').selectAll().where('booking_id', '=', booking.id).execute()).toEqual([]);
    const hook = await off.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);

    const offAdmin = (await adminClient(off)).client;
    await offAdmin.csrf();
    const counter = await offAdmin.post(`/api/admin/bookings/${booking.id}/payments`, { json: { method: 'cash', amount_pence: 2500 } });
    expect(counter.status).toBe(201);
    expect(counter.body).toMatchObject({ due_pence: 0, online_payments: false });
  });

  it('a key that is not a Stripe key is refused at start, and is not repeated in the message', async () => {
    const error = (await createTestApp({ STRIPE_SECRET_KEY: 'hunter2-secret', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(/STRIPE_SECRET_KEY/);
    expect(error.message).not.toContain('hunter2');
  });
});
