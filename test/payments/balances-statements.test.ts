// The account's repairs list and the board work out every job's balance in a constant number of
// statements (they ran four or five per job): the same for 2 jobs as for 10, with payments and
// accepted estimates, and each figure still right (worked by hand below). PGlite, and PostgreSQL
// with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createUser } from '#test/support/factories.ts';
import { insertBooking, insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { balancesDueOfRepairJobs, type BalanceDue } from '#server/payments/amount-due.ts';
import { getRepairBoard } from '#server/repair-jobs/repair-jobs.service.ts';
import { listMyRepairs } from '#server/repair-jobs/repair-tracker.service.ts';
import { readyForCollectionStageId } from '#server/repair-jobs/ready-stage.ts';
import { listRepairStages } from '#server/repair-jobs/repair-stages.repository.ts';
import { findSessionUser } from '#server/users/users.repository.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { acceptedEstimate, bookingType, insuranceClaim, paid } from './payment-fixtures.ts';

let t: TestApp;
let customer: SessionUser;
let readyStage: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.deps.db);
  customer = (await findSessionUser(t.deps.db, user.id))!;
  readyStage = readyForCollectionStageId(await listRepairStages(t.deps.db))!;
});
afterAll(async () => {
  await t?.close();
});

const expected = new Map<number, BalanceDue>();

/**
 * `count` more of the customer's jobs at the ready stage, the i-th of kind i % 3. Every one has an
 * estimate accepted twice (the supplement, version 2, stands: 1 x 10,000p + 2 x 2,550p at 20% VAT =
 * 15,100p + 3,020p VAT = 18,120p), a 5,000p job payment less a 1,000p refund that went through (a
 * 500p pending refund and a 9,999p pending payment count for nothing) and a 2,000p quote payment:
 * 6,000p paid.
 * - kind 0: owes 18,120p - 6,000p = 12,120p.
 * - kind 1: also paid the 12,120p balance: 18,120p paid, nothing due ("Paid, ready to collect").
 * - kind 2: insured, excess 25,000p; opened from a booking with a 1,500p deposit paid: 7,500p paid, 17,500p due.
 */
async function addJobs(count: number): Promise<void> {
  const db = t.deps.db;
  const type = await bookingType(db);
  for (let i = 0; i < count; i++) {
    const kind = expected.size % 3;
    const quote = await insertQuoteRequest(db, { user_id: customer.id, email: customer.email });
    await acceptedEstimate(db, quote.id, [
      [{ kind: 'part', quantity: 1, unit_price_pence: 10_000, vat_rate_bp: 2000 }],
      [
        { kind: 'part', quantity: 1, unit_price_pence: 10_000, vat_rate_bp: 2000 },
        { kind: 'paint_materials', quantity: 2, unit_price_pence: 2_550, vat_rate_bp: 2000 },
      ],
    ]);
    const booking = kind === 2 ? await insertBooking(db, { booking_type_id: type.id, quote_request_id: quote.id }) : null;
    const job = await insertRepairJob(db, {
      stage_id: readyStage,
      user_id: customer.id,
      customer_email: customer.email,
      quote_request_id: quote.id,
      booking_id: booking?.id ?? null,
    });
    const payment = await paid(db, { repair_job_id: job.id, amount_pence: 5_000 });
    await db
      .insertInto('refunds')
      .values([
        { payment_id: payment.id, amount_pence: 1_000, method: 'manual', status: 'succeeded' },
        { payment_id: payment.id, amount_pence: 500, method: 'manual', status: 'pending' },
      ])
      .execute();
    await db
      .insertInto('payments')
      .values({ purpose: 'deposit', method: 'cash', status: 'paid', paid_at: new Date(), quote_request_id: quote.id, amount_pence: 2_000 })
      .execute();
    await db
      .insertInto('payments')
      .values({ purpose: 'balance', method: 'stripe', status: 'pending', repair_job_id: job.id, amount_pence: 9_999 })
      .execute();
    if (kind === 0) {
      expected.set(job.id, { due_pence: 12_120, owed_pence: 18_120, paid_pence: 6_000, insured: false });
    } else if (kind === 1) {
      await paid(db, { repair_job_id: job.id, amount_pence: 12_120 });
      expected.set(job.id, { due_pence: 0, owed_pence: 18_120, paid_pence: 18_120, insured: false });
    } else {
      await insuranceClaim(db, { quote_request_id: quote.id, excess_pence: 25_000 });
      await paid(db, { booking_id: booking!.id, amount_pence: 1_500 });
      expected.set(job.id, { due_pence: 17_500, owed_pence: 25_000, paid_pence: 7_500, insured: true });
    }
  }
}

const myRepairs = () => countStatements(t.deps.db, (db) => listMyRepairs({ ...t.deps, db }, customer));
const board = () => countStatements(t.deps.db, (db) => getRepairBoard({ db }));

describe('balances on list pages', () => {
  it('run the same number of statements for 2 jobs as for 10, each figure right', async () => {
    await addJobs(2);
    const fewRepairs = await myRepairs();
    const fewBoard = await board();
    await addJobs(8);
    const manyRepairs = await myRepairs();
    const manyBoard = await board();

    expect(fewRepairs.result.data).toHaveLength(2);
    expect(manyRepairs.result.data).toHaveLength(10);
    expect(manyRepairs.statements).toBe(fewRepairs.statements);
    expect(manyBoard.statements).toBe(fewBoard.statements);

    for (const tracker of manyRepairs.result.data) {
      const balance = expected.get(tracker.id)!;
      expect(tracker.payment).toMatchObject({ due_pence: balance.due_pence, paid_ready_to_collect: balance.due_pence === 0 });
    }
    const cards = manyBoard.result.jobs.filter((j) => expected.has(j.id));
    expect(cards).toHaveLength(10);
    for (const card of cards) expect(card.paid_ready_to_collect).toBe(expected.get(card.id)!.due_pence === 0);
    expect(cards.filter((c) => c.paid_ready_to_collect)).toHaveLength(3);
  });

  it('are worked out for any number of jobs in five statements, none for no jobs', async () => {
    const jobs = await t.deps.db
      .selectFrom('repair_jobs')
      .select(['id', 'booking_id', 'quote_request_id'])
      .where('id', 'in', [...expected.keys()])
      .execute();
    const all = await countStatements(t.deps.db, (db) => balancesDueOfRepairJobs(db, jobs));
    const two = await countStatements(t.deps.db, (db) => balancesDueOfRepairJobs(db, jobs.slice(0, 2)));
    expect(all.result).toEqual(expected);
    expect(all.statements).toBe(two.statements);
    // Claims, net paid, and the accepted totals' estimates, versions and lines.
    expect(all.statements).toBe(5);
    expect(await countStatements(t.deps.db, (db) => balancesDueOfRepairJobs(db, []))).toEqual({ result: new Map(), statements: 0 });
  });
});
