// History at scale: an item's history is answered a page at a time (keyset on the version
// number, a limit the server enforces) without each version's fields, which GET
// /api/content-versions/{id} answers; pruning a backlog keeps exactly what the rule keeps, in
// bounded batches, and both read along an index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createTestimonial, createWidget } from '#test/support/factories.ts';
import { adminClient, clientAs } from '#test/support/content.ts';
import { testEngine } from '#test/support/database.ts';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';
import { pruneVersions } from '#server/versions/version-pruning.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({}, { refreshSnapshotPerRequest: false });
  admin = (await adminClient(t)).client;
});
afterAll(async () => {
  await t?.close();
});

/** `count` published versions of an item straight into the table, numbered from `from`, the oldest `daysOld` days old, a day apart. */
async function seedVersions(
  db: Kysely<Database>,
  item: { kind: ContentKind; id: number; data: unknown },
  count: number,
  { from = 1, daysOld = 0 }: { from?: number; daysOld?: number } = {},
): Promise<void> {
  await sql`
    insert into content_versions (item_kind, item_id, number, status, data, created_at)
    select ${item.kind}, ${item.id}::integer, n, 'published', ${JSON.stringify(item.data)},
           now() - make_interval(days => ${daysOld}::integer - (n - ${from}::integer))
    from generate_series(${from}::integer, ${from + count - 1}::integer) as n`.execute(db);
}

const widgetData = (name: string) => ({ name, type: 'TEXT', html: '<p>Hi</p>', alt: '', image_id: null });

describe(`history pages on ${testEngine}`, () => {
  it('a cursor walks every version exactly once, newest first, and says when it ends', async () => {
    const widget = await createWidget(t.deps.db, { name: 'PagedHistory' });
    await seedVersions(t.deps.db, { kind: 'widget', id: widget.id, data: widgetData('PagedHistory') }, 23);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.get(`/api/content-history/widget/${widget.id}?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.versions.length).toBeLessThanOrEqual(7);
      for (const version of res.body.versions) expect(version).not.toHaveProperty('data');
      seen.push(...res.body.versions.map((v: { number: number }) => v.number));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
    // A page that ends exactly at the last version says so (no empty page after it).
    const exact = await admin.get(`/api/content-history/widget/${widget.id}?limit=23`);
    expect(exact.body.versions).toHaveLength(23);
    expect(exact.body.next_cursor).toBeNull();
  });

  it('without parameters answers the newest 50, as old clients asked; the limit is at most 100 (422 above)', async () => {
    const widget = await createWidget(t.deps.db, { name: 'LongHistory' });
    await seedVersions(t.deps.db, { kind: 'widget', id: widget.id, data: widgetData('LongHistory') }, 120);
    const first = await admin.get(`/api/content-history/widget/${widget.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'widget', item_id: widget.id, current: { name: 'LongHistory' }, thumbs: {} });
    expect(first.body.versions).toHaveLength(50);
    expect(first.body.versions[0].number).toBe(120);
    expect(typeof first.body.next_cursor).toBe('string');
    expect((await admin.get(`/api/content-history/widget/${widget.id}?limit=100`)).body.versions).toHaveLength(100);

    const tooMany = await admin.get(`/api/content-history/widget/${widget.id}?limit=1000`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ limit: ['The limit field must be between 1 and 100.'] });
    const badCursor = await admin.get(`/api/content-history/widget/${widget.id}?cursor=abc`);
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors).toEqual({ cursor: ['The cursor field is invalid.'] });
  });

  it("GET /api/content-versions/{id} answers one version's fields; a draft or an unknown id is a 404, admins only", async () => {
    const widget = await createWidget(t.deps.db, { name: 'OneVersion', html: '<p>Before</p>' });
    expect((await admin.post(`/api/widgets/${widget.id}`, { json: { html: '<p>After</p>' } })).status).toBe(200);
    const page = await admin.get(`/api/content-history/widget/${widget.id}`);
    const [newest, oldest] = page.body.versions as { id: number; number: number }[];
    const res = await admin.get(`/api/content-versions/${oldest!.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ version: { ...oldest, data: { ...widgetData('OneVersion'), html: '<p>Before</p>' } }, thumbs: {} });
    expect((await admin.get(`/api/content-versions/${newest!.id}`)).body.version.data.html).toBe('<p>After</p>');

    expect((await admin.put(`/api/content-drafts/widget/${widget.id}`, { json: { html: '<p>Draft</p>' } })).status).toBe(200);
    const draft = await admin.get(`/api/content-drafts/widget/${widget.id}`);
    expect((await admin.get(`/api/content-versions/${draft.body.draft.id}`)).status).toBe(404);
    expect((await admin.get('/api/content-versions/99999999')).status).toBe(404);
    expect((await new TestClient(t.app).get(`/api/content-versions/${oldest!.id}`)).status).toBe(401);
    const { client: user } = await clientAs(t, { role: 'user' });
    expect((await user.get(`/api/content-versions/${oldest!.id}`)).status).toBe(403);
  });
});

/** Each version's id, number and age of the items, and the ids the rule keeps: the newest `keepCount` or younger than `keepDays`. */
async function versionsOf(items: { kind: ContentKind; id: number }[]) {
  const rows = await t.deps.db
    .selectFrom('content_versions')
    .select(['id', 'item_kind', 'item_id', 'number', 'status', sql<boolean>`created_at < now() - interval '365 days'`.as('old')])
    .where((eb) => eb.or(items.map((item) => eb.and([eb('item_kind', '=', item.kind), eb('item_id', '=', item.id)]))))
    .execute();
  return rows;
}

function keptByRule(rows: Awaited<ReturnType<typeof versionsOf>>, keepCount: number): number[] {
  const kept: number[] = [];
  const byItem = new Map<string, typeof rows>();
  for (const row of rows) byItem.set(`${row.item_kind}:${row.item_id}`, [...(byItem.get(`${row.item_kind}:${row.item_id}`) ?? []), row]);
  for (const versions of byItem.values()) {
    const published = versions.filter((row) => row.number !== null).sort((a, b) => b.number! - a.number!);
    kept.push(...versions.filter((row) => row.number === null).map((row) => row.id));
    kept.push(...published.filter((row, rank) => rank < keepCount || !row.old).map((row) => row.id));
  }
  return kept.sort((a, b) => a - b);
}

describe(`pruning a backlog on ${testEngine}`, () => {
  it('keeps exactly what the rule keeps, over several items, in batches of at most the batch size', async () => {
    const a = await createWidget(t.deps.db, { name: 'PruneA' });
    const b = await createWidget(t.deps.db, { name: 'PruneB' });
    const c = await createTestimonial(t.deps.db, { name: 'Prune C' });
    const d = await createWidget(t.deps.db, { name: 'PruneD' });
    // A: 40 old then 2 recent; B: 5 old; C: 3 recent after 10 old; D: 2 old (fewer than the keep-count).
    await seedVersions(t.deps.db, { kind: 'widget', id: a.id, data: widgetData('PruneA') }, 40, { daysOld: 800 });
    await seedVersions(t.deps.db, { kind: 'widget', id: a.id, data: widgetData('PruneA') }, 2, { from: 41, daysOld: 5 });
    await seedVersions(t.deps.db, { kind: 'widget', id: b.id, data: widgetData('PruneB') }, 5, { daysOld: 500 });
    const cData = { name: 'Prune C', score: 5, review: '<p>Great work.</p>' };
    await seedVersions(t.deps.db, { kind: 'testimonial', id: c.id, data: cData }, 10, { daysOld: 900 });
    await seedVersions(t.deps.db, { kind: 'testimonial', id: c.id, data: cData }, 3, { from: 11, daysOld: 3 });
    await seedVersions(t.deps.db, { kind: 'widget', id: d.id, data: widgetData('PruneD') }, 2, { daysOld: 700 });
    // A draft is never pruned.
    expect((await admin.put(`/api/content-drafts/widget/${a.id}`, { json: { html: '<p>Draft</p>' } })).status).toBe(200);
    const items = [
      { kind: 'widget' as const, id: a.id },
      { kind: 'widget' as const, id: b.id },
      { kind: 'testimonial' as const, id: c.id },
      { kind: 'widget' as const, id: d.id },
    ];
    const before = await versionsOf(items);
    const expected = keptByRule(before, 3);

    const deps = { ...t.deps, config: { ...t.deps.config, versionsKeepDays: 365, versionsKeepCount: 3 } };
    // Closing after the first batch: exactly one batch went.
    expect(await pruneVersions(deps, () => true, 4)).toBe(4);
    const pruned = await pruneVersions(deps, () => false, 4);
    expect(pruned + 4).toBe(before.length - expected.length);
    const after = (await versionsOf(items)).map((row) => row.id).sort((x, y) => x - y);
    expect(after).toEqual(expected);
    // A: the 2 recent and, to make 3, the newest old one, plus the draft; B: its newest 3; C: 3; D: both.
    expect(after).toHaveLength(4 + 3 + 3 + 2);
    expect(await pruneVersions(deps, () => false, 4)).toBe(0);
  });

  it('the history page and the pruning batch read along an index, with no sort', async () => {
    const widget = await createWidget(t.deps.db, { name: 'PlanCheck' });
    await seedVersions(t.deps.db, { kind: 'widget', id: widget.id, data: widgetData('PlanCheck') }, 300, { daysOld: 600 });
    await sql`analyze content_versions`.execute(t.deps.db);
    const plans = await t.deps.db.transaction().execute(async (trx) => {
      // A table this small could be read whole; what is checked is that an index serves the order.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx)).rows.map((row) => row['QUERY PLAN']).join('\n');
      return {
        page: await explain(
          sql`select id from content_versions where item_kind = 'widget' and item_id = ${widget.id} and number is not null and number < 200 order by number desc limit 51`,
        ),
        prune: await explain(
          sql`select id from content_versions where item_kind = 'widget' and item_id = ${widget.id} and created_at < now() - make_interval(days => 365) and number < 250 order by created_at, id limit 500`,
        ),
      };
    });
    expect(plans.page).toMatch(/Index (Only )?Scan Backward using content_versions_item_number/);
    expect(plans.prune).toMatch(/Index Scan using content_versions_item_created/);
    expect(plans.page + plans.prune).not.toMatch(/Sort/);
  });
});
