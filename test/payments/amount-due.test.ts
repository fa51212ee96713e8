/**
 * What a customer owes (src/server/payments/amount-due.ts), worked by hand: the deposit rule
 * (none, fixed pence, a share in basis points rounded half up), what is left after payments, and
 * against the database: a booking's deposit from its quote's accepted estimate (the latest
 * accepted version, a supplement included), a job's balance net of its booking's deposit and of
 * refunds, and an insured job's excess. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { balanceDueOfRepairJob, depositDueOfBooking, depositPence, shareOfPence, stillDue } from '#server/payments/amount-due.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { acceptedEstimate, bookingType, firstStageId, insuranceClaim, paid } from './payment-fixtures.ts';

describe('the deposit rule, by hand', () => {
  it('none is nothing, fixed is its pence, whatever the estimate', () => {
    expect(depositPence({ deposit_kind: 'none', deposit_fixed_pence: 5000, deposit_share_bp: 2500 }, 120_000)).toBe(0);
    expect(depositPence({ deposit_kind: 'fixed', deposit_fixed_pence: 5000, deposit_share_bp: 0 }, null)).toBe(5000);
    expect(depositPence({ deposit_kind: 'fixed', deposit_fixed_pence: 5000, deposit_share_bp: 0 }, 120_000)).toBe(5000);
  });

  it('a share is basis points of the accepted total, half up to the penny; no accepted estimate, no deposit', () => {
    // 25 % of £1,200.00 = £300.00.
    expect(depositPence({ deposit_kind: 'share', deposit_fixed_pence: 0, deposit_share_bp: 2500 }, 120_000)).toBe(30_000);
    // 25 % of £100.02 = 2500.5p: half up, 2501p.
    expect(shareOfPence(10_002, 2500)).toBe(2501);
    // 25 % of £100.01 = 2500.25p: 2500p.
    expect(shareOfPence(10_001, 2500)).toBe(2500);
    // 12.34 % of £99.99 = 1233.8766p: 1234p.
    expect(shareOfPence(9999, 1234)).toBe(1234);
    expect(shareOfPence(12_345, 10_000)).toBe(12_345);
    expect(shareOfPence(12_345, 0)).toBe(0);
    expect(depositPence({ deposit_kind: 'share', deposit_fixed_pence: 0, deposit_share_bp: 2500 }, null)).toBe(0);
  });

  it('what is left never goes below nothing', () => {
    expect(stillDue(30_000, 10_000)).toBe(20_000);
    expect(stillDue(30_000, 30_000)).toBe(0);
    expect(stillDue(30_000, 45_000)).toBe(0);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('against the database', () => {
  it("a booking's share deposit is of its quote's latest accepted version, less what was paid", async () => {
    const db = t.deps.db;
    const quote = await insertQuoteRequest(db);
    // Version 1 accepted: 2 hours at £50/h + a £100 part, 20 % VAT = £240.00. Version 2 (a
    // supplement) accepted: £300 part more, 20 % VAT: £240.00 + £360.00 = £600.00.
    await acceptedEstimate(db, quote.id, [
      [
        { kind: 'labour', quantity: 200, unit_price_pence: 5000, vat_rate_bp: 2000 },
        { kind: 'part', quantity: 1, unit_price_pence: 10_000, vat_rate_bp: 2000 },
      ],
      [
        { kind: 'labour', quantity: 200, unit_price_pence: 5000, vat_rate_bp: 2000 },
        { kind: 'part', quantity: 1, unit_price_pence: 10_000, vat_rate_bp: 2000 },
        { kind: 'part', quantity: 1, unit_price_pence: 30_000, vat_rate_bp: 2000 },
      ],
    ]);
    const type = await bookingType(db, { deposit_kind: 'share', deposit_share_bp: 2500 });
    const booking = await insertBooking(db, { booking_type_id: type.id, quote_request_id: quote.id });
    // 25 % of £600.00.
    expect(await depositDueOfBooking(db, booking)).toBe(15_000);
    await paid(db, { booking_id: booking.id, amount_pence: 5000 });
    expect(await depositDueOfBooking(db, booking)).toBe(10_000);
    await paid(db, { booking_id: booking.id, amount_pence: 10_000 });
    expect(await depositDueOfBooking(db, booking)).toBe(0);
  });

  it('a fixed deposit needs no estimate; none asks nothing', async () => {
    const db = t.deps.db;
    const fixed = await bookingType(db, { deposit_kind: 'fixed', deposit_fixed_pence: 2500 });
    const none = await bookingType(db, { deposit_kind: 'none', deposit_fixed_pence: 2500 });
    expect(await depositDueOfBooking(db, await insertBooking(db, { booking_type_id: fixed.id }))).toBe(2500);
    expect(await depositDueOfBooking(db, await insertBooking(db, { booking_type_id: none.id }))).toBe(0);
  });

  it("a job's balance is the accepted total less its booking's deposit and its own payments, net of refunds", async () => {
    const db = t.deps.db;
    const quote = await insertQuoteRequest(db);
    // £480.00 net + 20 % = £576.00; a zero-rated £24.00 line: £600.00.
    await acceptedEstimate(db, quote.id, [
      [
        { kind: 'part', quantity: 2, unit_price_pence: 24_000, vat_rate_bp: 2000 },
        { kind: 'sundries', quantity: 1, unit_price_pence: 2400, vat_rate_bp: 0 },
      ],
    ]);
    const type = await bookingType(db, { deposit_kind: 'fixed', deposit_fixed_pence: 10_000 });
    const booking = await insertBooking(db, { booking_type_id: type.id, quote_request_id: quote.id });
    const job = await insertRepairJob(db, { stage_id: await firstStageId(db), quote_request_id: quote.id, booking_id: booking.id });
    expect(await balanceDueOfRepairJob(db, job)).toEqual({ due_pence: 60_000, owed_pence: 60_000, paid_pence: 0, insured: false });
    await paid(db, { booking_id: booking.id, amount_pence: 10_000 });
    const counter = await paid(db, { repair_job_id: job.id, amount_pence: 20_000 });
    // A £5.00 refund of the counter payment: £300.00 paid less £5.00.
    await db.insertInto('refunds').values({ payment_id: counter.id, amount_pence: 500, method: 'manual', status: 'succeeded' }).execute();
    // A failed refund gives nothing back.
    await db.insertInto('refunds').values({ payment_id: counter.id, amount_pence: 700, method: 'stripe', status: 'failed' }).execute();
    // A pending Stripe payment is not paid.
    await db.insertInto('payments').values({ repair_job_id: job.id, purpose: 'balance', method: 'stripe', amount_pence: 9999 }).execute();
    expect(await balanceDueOfRepairJob(db, job)).toEqual({ due_pence: 30_500, owed_pence: 60_000, paid_pence: 29_500, insured: false });
  });

  it('an insured job owes the excess less what was paid; no estimate, nothing', async () => {
    const db = t.deps.db;
    const quote = await insertQuoteRequest(db);
    await acceptedEstimate(db, quote.id, [[{ kind: 'part', quantity: 1, unit_price_pence: 100_000, vat_rate_bp: 2000 }]]);
    const job = await insertRepairJob(db, { stage_id: await firstStageId(db), quote_request_id: quote.id });
    await insuranceClaim(db, { quote_request_id: quote.id, excess_pence: 25_000 });
    expect(await balanceDueOfRepairJob(db, job)).toMatchObject({ due_pence: 25_000, insured: true });
    await paid(db, { repair_job_id: job.id, amount_pence: 25_000 });
    expect((await balanceDueOfRepairJob(db, job)).due_pence).toBe(0);

    const bare = await insertRepairJob(db, { stage_id: await firstStageId(db) });
    expect(await balanceDueOfRepairJob(db, bare)).toEqual({ due_pence: 0, owed_pence: 0, paid_pence: 0, insured: false });
  });
});
