// The activity log at the size of years of use: pages by cursor visit each entry once, however
// many share a millisecond; the page size and the count are bounded; the "Person" filter answers
// a bounded, searchable list; the CSV streams every entry of the range (past the old 100,000
// cap) while other requests are answered; the retention job deletes in batches.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { createUser } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';
import { pruneActivity } from '#server/activity/activity.service.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

/** `count` entries of one person in one statement: `at` gives each row's time from its number g. */
async function insertEntries(actor: { id: number } | null, count: number, at: string, label = 'Row') {
  await sql`
    insert into activity_entries (created_at, actor_user_id, actor_label, kind, item_type, item_id, item_label)
    select ${sql.raw(at)}, ${actor?.id ?? null}, 'Bulk', 'content-saved', 'testimonial', g, ${label} || ' ' || g
    from generate_series(1, ${count}) as g`.execute(t.deps.db);
}

interface Page {
  data: { id: number; item_id: number }[];
  next_cursor: string | null;
  total: number;
  total_capped: boolean;
  per_page: number;
  current_page: number | null;
  last_page: number | null;
}

describe('the log by cursor', () => {
  let person: { id: number };
  beforeAll(async () => {
    person = await createUser(t.deps.db);
    // 60 entries, five at each exact microsecond, twelve microseconds in one millisecond: a cursor
    // rounded to the millisecond would skip or repeat them.
    await insertEntries(person, 60, `timestamptz '2021-03-04 05:06:07.123456+00' + (g / 5) * interval '1 microsecond'`);
  });

  it('walks every entry once, newest first, seven a page', async () => {
    const expected = await t.deps.db
      .selectFrom('activity_entries')
      .select('id')
      .where('actor_user_id', '=', person.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.get(`/api/activity?user=${person.id}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as Page;
      expect(page.data.length).toBeLessThanOrEqual(7);
      expect(page).toMatchObject({ total: 60, total_capped: false, per_page: 7 });
      expect(page.current_page).toBe(cursor ? null : 1);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(9);
    expect(seen).toEqual(expected.map((e) => e.id));
    expect(new Set(seen).size).toBe(60);
  });

  it('enforces the page size and refuses a cursor it did not give', async () => {
    expect((await admin.get(`/api/activity?user=${person.id}&limit=100`)).body.data).toHaveLength(60);
    expect((await admin.get('/api/activity?limit=101')).body.errors.limit).toBeDefined();
    expect((await admin.get('/api/activity?limit=0')).status).toBe(422);
    expect((await admin.get('/api/activity?cursor=bm9wZQ')).body.errors).toEqual({ cursor: ['The cursor is not one this log gave.'] });
    const first = (await admin.get(`/api/activity?user=${person.id}`)).body as Page;
    expect((await admin.get(`/api/activity?page=2&cursor=${first.next_cursor}`)).body.errors.cursor).toBeDefined();
  });

  it('keeps the numbered pages older clients ask for', async () => {
    const second = (await admin.get(`/api/activity?user=${person.id}&page=2`)).body as Page;
    expect(second).toMatchObject({ total: 60, per_page: 25, current_page: 2, last_page: 3 });
    const byCursor = (await admin.get(`/api/activity?user=${person.id}&limit=25`)).body as Page;
    const next = (await admin.get(`/api/activity?user=${person.id}&cursor=${byCursor.next_cursor}`)).body as Page;
    expect(next.data.map((e) => e.id)).toEqual(second.data.map((e) => e.id));
  });
});

describe('the "Person" filter', () => {
  const people: { id: number; email: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) {
      const user = await createUser(t.deps.db, { firstname: 'Searchable', lastname: `Person${String(i).padStart(2, '0')}` });
      people.push(user);
      await insertEntries(user, 1, `timestamptz '2022-01-01 00:00:00+00'`);
    }
    // Someone with no entry is not offered.
    await createUser(t.deps.db, { firstname: 'Searchable', lastname: 'Idle' });
  });

  it('answers at most 20 by default and 50 at most', async () => {
    const res = await admin.get('/api/activity/people');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect((await admin.get('/api/activity/people?limit=50')).body.length).toBeGreaterThanOrEqual(26);
    expect((await admin.get('/api/activity/people?limit=51')).body.errors.limit).toBeDefined();
  });

  it('finds by part of the name or the e-mail, in any case', async () => {
    const found = await admin.get('/api/activity/people?search=searchable%20person1');
    expect(found.body.map((p: { name: string }) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Searchable Person1${i}`));
    expect((await admin.get('/api/activity/people?search=idle')).body).toEqual([]);
    expect((await admin.get(`/api/activity/people?search=${encodeURIComponent(people[3]!.email.toUpperCase())}`)).body).toEqual([
      { id: people[3]!.id, name: 'Searchable Person03' },
    ]);
    // A wildcard typed is a character.
    expect((await admin.get('/api/activity/people?search=%25')).body).toEqual([]);
  });

  it('still names the chosen person when the search does not find them', async () => {
    const chosen = people[24]!;
    const res = await admin.get(`/api/activity/people?search=Person0&user=${chosen.id}`);
    expect(res.body[0]).toEqual({ id: chosen.id, name: 'Searchable Person24' });
    expect(res.body).toHaveLength(11);
  });
});

describe('ten years of entries', () => {
  const ROWS = 100_500;
  let bulk: { id: number };
  beforeAll(async () => {
    bulk = await createUser(t.deps.db, { firstname: 'Bulk', lastname: 'Writer' });
    // One a minute from 1 January 2020: row 1 is the oldest, row 100,500 the newest.
    await insertEntries(bulk, ROWS, `timestamptz '2020-01-01 00:00:00+00' + g * interval '1 minute'`);
    // The statistics a table of this size has in use (autovacuum): without them the planner sorts
    // every remaining row for each batch instead of reading the index in order.
    await sql`analyze activity_entries`.execute(t.deps.db);
  }, 120_000);

  it('counts no further than 1,000 past the page', async () => {
    const first = (await admin.get(`/api/activity?user=${bulk.id}`)).body as Page;
    expect(first).toMatchObject({ total: 1000, total_capped: true, current_page: 1, last_page: 40 });
    expect(first.data[0]!.item_id).toBe(ROWS);
    const later = (await admin.get(`/api/activity?user=${bulk.id}&page=50`)).body as Page;
    expect(later).toMatchObject({ total: 2225, total_capped: true, current_page: 50 });
    expect(later.data[0]!.item_id).toBe(ROWS - 49 * 25);
  });

  it('streams the whole range as CSV, and answers other requests meanwhile', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/activity.csv?user=${bulk.id}`,
      headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toContain('no-store');
    // Sent as it is read: no length known in advance.
    expect(response.headers['content-length']).toBeUndefined();

    const chunks: string[] = [];
    let finished = false;
    const stream = response.stream();
    const reading = (async () => {
      for await (const chunk of stream) chunks.push(String(chunk));
      finished = true;
    })();
    // Another request, made once the first bytes are here, is answered before the download ends.
    while (chunks.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const other = await admin.get('/api/activity?limit=1');
    expect(other.status).toBe(200);
    expect(finished).toBe(false);
    await reading;

    const lines = chunks.join('').trimEnd().split(/\r?\n/);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('When,When (ISO 8601),Who,User id,Address,Kind,What,Item type,Item id,Version id,Details,Link');
    expect(lines[1]).toContain(`Content saved: testimonial “Row ${ROWS}”`);
    expect(lines.at(-1)).toContain('Content saved: testimonial “Row 1”');
    expect(lines.at(-1)).toContain('2020-01-01T00:01:00.000Z');
  }, 120_000);
});

describe('retention', () => {
  it('deletes in batches, and stops between them when told', async () => {
    await insertEntries(null, 2500, `timestamptz '2000-01-01 00:00:00+00' + g * interval '1 second'`, 'Ancient');
    // Cut-off 730 days before: after the ancient entries, before every other one.
    const now = new Date(Date.UTC(2002, 0, 1));
    const ancient = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('activity_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('item_label', 'like', 'Ancient %')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await pruneActivity(t.deps, now, () => true)).toBe(1000);
    expect(await ancient()).toBe(1500);
    expect(await pruneActivity(t.deps, now)).toBe(1500);
    expect(await ancient()).toBe(0);
    // The oldest went first: nothing newer than the cut-off was touched.
    expect((await admin.get('/api/activity?limit=1')).body.total).toBe(1000);
  });
});
