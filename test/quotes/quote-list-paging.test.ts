// The admin's quote list: keyset pages (limit enforced, cursor walk complete and without repeats),
// the capped count, and the search on one trigram-indexed expression.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';
import { insertQuoteRequest } from '#test/support/work-rows.ts';
import { findQuoteRequestPage } from '#server/quotes/quote-requests.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const token = () => randomBytes(4).toString('hex');

describe('quote requests list', () => {
  it('walks every request once, newest first, by cursor, even rows written in the same microsecond', async () => {
    const { client: admin } = await adminClient(t);
    const tag = `Walk${token()}`;
    const same = new Date(Date.UTC(2021, 5, 1, 12));
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await insertQuoteRequest(t.deps.db, { vehicle: `${tag} car`, created_at: i < 4 ? same : new Date(same.getTime() + i) })).id,
      );
    // Microseconds a JavaScript Date cannot hold: the cursor must keep them.
    await sql`update quote_requests set created_at = created_at + interval '7 microseconds' where id = ${ids[5]}`.execute(t.deps.db);

    const seen: { id: number; created_at: string }[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await admin.get('/api/quote-requests', { query: { search: tag, limit: 3, ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      expect(res.body).toMatchObject({ total: 7, total_capped: false, per_page: 3 });
      seen.push(...res.body.data);
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    const walked = seen.map((r) => r.id);
    expect(new Set(walked).size).toBe(7);
    expect([...walked].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Newest first, then the highest id among equal times.
    const rows = await t.deps.db
      .selectFrom('quote_requests')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(walked).toEqual(rows.map((r) => r.id));
  });

  it('refuses a limit above 100 and a malformed cursor; numbered pages still work', async () => {
    const { client: admin } = await adminClient(t);
    expect((await admin.get('/api/quote-requests', { query: { limit: 101 } })).status).toBe(422);
    expect((await admin.get('/api/quote-requests', { query: { limit: 0 } })).status).toBe(422);
    expect((await admin.get('/api/quote-requests', { query: { cursor: 'not a cursor' } })).status).toBe(422);
    const tag = `Paged${token()}`;
    for (let i = 0; i < 3; i++) await insertQuoteRequest(t.deps.db, { vehicle: `${tag} van` });
    const second = await admin.get('/api/quote-requests', { query: { search: tag, limit: 2, page: 2 } });
    expect(second.body).toMatchObject({ total: 3, current_page: 2, last_page: 2, next_cursor: null });
    expect(second.body.data).toHaveLength(1);
    const past = await admin.get('/api/quote-requests', { query: { search: tag, page: 9 } });
    expect(past.body).toMatchObject({ total: 3, data: [] });
  });

  it('counts no further than the cap', async () => {
    const tag = `Cap${token()}`;
    for (let i = 0; i < 4; i++) await insertQuoteRequest(t.deps.db, { vehicle: `${tag} van` });
    const capped = await findQuoteRequestPage(t.deps.db, { search: tag }, 2, 0, { countCap: 3 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true, hasMore: true });
    expect(capped.rows).toHaveLength(2);
    const exact = await findQuoteRequestPage(t.deps.db, { search: tag }, 2, 0, { countCap: 4 });
    expect(exact).toMatchObject({ total: 4, totalCapped: false });
  });

  it('finds a request by any of the five fields, never by text spanning two', async () => {
    const { client: admin } = await adminClient(t);
    const k = token();
    const row = await insertQuoteRequest(t.deps.db, {
      name: `Name${k}A`,
      email: `mail${k}b@example.com`,
      vehicle: `Vehicle${k}C`,
      registration: `R${k}D`,
    });
    for (const search of [row.reference, `name${k}a`, `MAIL${k}B@`, `vehicle${k}c`, `r${k}d`]) {
      const res = await admin.get('/api/quote-requests', { query: { search } });
      expect(
        res.body.data.map((r: { id: number }) => r.id),
        search,
      ).toEqual([row.id]);
    }
    // The end of the e-mail address and the start of the vehicle are two fields.
    expect((await admin.get('/api/quote-requests', { query: { search: `example.comvehicle${k}` } })).body.total).toBe(0);
    expect((await admin.get('/api/quote-requests', { query: { search: `example.com\u001fvehicle${k}` } })).body.total).toBe(0);
  });

  it('has one trigram index the search expression can use', async () => {
    const plan = await t.deps.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const result = await sql<{ 'QUERY PLAN': string }>`explain select id from quote_requests
        where lower(reference || chr(31) || name || chr(31) || email || chr(31) || vehicle || chr(31) || coalesce(registration, '')) like '%corsa%'`.execute(
        trx,
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('quote_requests_search');
  });
});
