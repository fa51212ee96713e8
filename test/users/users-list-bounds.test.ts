// GET /api/users keeps the contract's paging (page from 1, 25 a page, no page size of the
// client's) while its search and its order are served by indexes
// (migrations/2026-12-03T0900_users_list_indexes.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

async function planOf(statement: ReturnType<typeof sql>): Promise<string> {
  return t.deps.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(trx);
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('GET /api/users', () => {
  it('answers 25 a page whatever the client asks, and every user once across the pages', async () => {
    for (let i = 0; i < 30; i++) await createUser(t.deps.db, { lastname: `Bound${String(i).padStart(2, '0')}` });
    const first = await admin.get('/api/users?search=bound&per_page=1000&limit=1000');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 30, per_page: 25, current_page: 1, last_page: 2 });
    expect(first.body.data).toHaveLength(25);
    const second = await admin.get('/api/users?search=bound&page=2');
    expect(second.body.data).toHaveLength(5);
    const names = [...first.body.data, ...second.body.data].map((u: { lastname: string }) => u.lastname);
    expect(names).toEqual(Array.from({ length: 30 }, (_, i) => `Bound${String(i).padStart(2, '0')}`));
    expect((await admin.get('/api/users?page=0')).status).toBe(422);
  });

  it('matches within one field, never across the joined fields', async () => {
    await createUser(t.deps.db, { firstname: 'Across', lastname: 'Fields', email: 'across@bounds.test' });
    expect((await admin.get('/api/users?search=acrossfields')).body.total).toBe(0);
    expect((await admin.get('/api/users?search=ross')).body.total).toBe(1);
    expect((await admin.get('/api/users?search=ELDS')).body.total).toBe(1);
    expect((await admin.get('/api/users?search=s%40bounds')).body.total).toBe(1);
  });

  it('has a trigram index for the search and a (lastname, firstname, id) index for the order', async () => {
    const search = await planOf(sql`select id from users where lower(firstname || chr(31) || lastname || chr(31) || email) like '%zebra%'`);
    expect(search).toContain('users_search');
    const order = await planOf(sql`select id from users order by lastname, firstname, id limit 25`);
    expect(order).toContain('users_name_order');
  });
});
