/**
 * The Needs you counts alone (GET /api/admin/dashboard/counts, docs/rest-contract.md "Admin
 * dashboard"): what the menu badge reads each minute. The figures are the dashboard's; each is a
 * count over a `limit`ed read, capped at 100; the same five statements however much waits; each
 * statement reads its partial index, never its whole table. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import { insertBooking, insertQuoteRequest } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getNeedsYouCounts } from '#server/dashboard/needs-you-counts.service.ts';
import { NEEDS_YOU_COUNT_CAP, cappedCountLabel } from '#shared/format/capped-count.ts';
import type { Dashboard, NeedsYouCounts } from '#shared/schemas/dashboard.ts';

let t: TestApp;
let admin: TestClient;
let typeId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
  typeId = (await t.deps.db.selectFrom('booking_types').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

async function counts(): Promise<NeedsYouCounts> {
  const res = await admin.get('/api/admin/dashboard/counts');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return res.body as NeedsYouCounts;
}

/** `n` new quote requests and `n` unopened bookings next week, in a few statements. */
async function addWaiting(n: number) {
  const soon = new Date(Date.now() + 7 * 86_400_000);
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      Promise.all([
        insertQuoteRequest(t.deps.db, { status: 'new', name: `Waiting ${i}` }),
        insertBooking(t.deps.db, { booking_type_id: typeId, starts_at: soon, seen_at: null }),
      ]),
    ),
  );
}

/** A plugin that keeps each statement's operation tree (the one that ran, not its subqueries'), to explain it afterwards. */
class StatementKeeper implements KyselyPlugin {
  #byQuery = new Map<unknown, RootOperationNode>();
  nodes: RootOperationNode[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#byQuery.set(queryId, node);
    return node;
  }
  transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.#byQuery.get(queryId);
    if (node) this.nodes.push(node);
    return Promise.resolve(result);
  }
}

describe('the Needs you counts', () => {
  it('are the dashboard’s Needs you counts, and its total', async () => {
    await addWaiting(2);
    const [alone, dashboard] = await Promise.all([counts(), admin.get('/api/admin/dashboard').then((r) => r.body as Dashboard)]);
    const n = dashboard.needs_you;
    expect(alone).toEqual({
      total: n.total,
      messages: n.messages.count,
      change_requests: n.change_requests.count,
      unseen_bookings: n.unseen_bookings.count,
      quotes: n.quotes.count,
      feedback: n.feedback.count,
      declined_estimates: n.declined_estimates.count,
      capped: false,
    });
    expect(alone.quotes).toBeGreaterThanOrEqual(2);
    expect(alone.unseen_bookings).toBeGreaterThanOrEqual(2);
    expect(alone.total).toBe(
      alone.messages + alone.change_requests + alone.unseen_bookings + alone.quotes + alone.feedback + alone.declined_estimates,
    );
  });

  it('run the same five statements however much waits', async () => {
    const run = () => countStatements(t.deps.db, (db) => getNeedsYouCounts({ db }));
    const few = await run();
    await addWaiting(5);
    const many = await run();
    expect(few.statements).toBe(5);
    expect(many.statements).toBe(few.statements);
    expect(many.result.quotes).toBe(few.result.quotes + 5);
    expect(many.result.unseen_bookings).toBe(few.result.unseen_bookings + 5);
  });

  it('stop at 100 each (the badge then reads 99+), on the dashboard too', async () => {
    const before = await counts();
    await addWaiting(NEEDS_YOU_COUNT_CAP - Math.min(before.quotes, before.unseen_bookings) + 3);
    const after = await counts();
    expect(after.quotes).toBe(NEEDS_YOU_COUNT_CAP);
    expect(after.unseen_bookings).toBe(NEEDS_YOU_COUNT_CAP);
    expect(after.capped).toBe(true);
    const dashboard = (await admin.get('/api/admin/dashboard')).body as Dashboard;
    expect(dashboard.needs_you.quotes.count).toBe(NEEDS_YOU_COUNT_CAP);
    expect(dashboard.needs_you.unseen_bookings.count).toBe(NEEDS_YOU_COUNT_CAP);
    expect(dashboard.needs_you.total).toBe(after.total);
    expect(cappedCountLabel(after.total)).toBe('99+');
    expect(cappedCountLabel(99)).toBe('99');
    expect(cappedCountLabel(100)).toBe('99+');
  });

  it('read each table through its partial index, never the whole table', async () => {
    const keeper = new StatementKeeper();
    await getNeedsYouCounts({ db: t.deps.db.withPlugin(keeper) });
    expect(keeper.nodes).toHaveLength(5);
    const plans = await t.deps.db.transaction().execute(async (trx) => {
      // Tiny test tables would be scanned anyway: forbid it, so a plan without a usable index shows.
      await sql`set local enable_seqscan = off`.execute(trx);
      const out: string[] = [];
      for (const node of keeper.nodes) {
        const compiled = trx.getExecutor().compileQuery(node, createQueryId());
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        out.push(result.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out.join('\n---\n');
    });
    expect(plans).not.toMatch(/Seq Scan/);
    for (const index of [
      'message_threads_awaiting',
      'bookings_waiting_ends',
      'quote_requests_new_created',
      'repair_review_requests_pending',
      'estimates_declined',
    ]) {
      expect(plans).toContain(index);
    }
  });
});
