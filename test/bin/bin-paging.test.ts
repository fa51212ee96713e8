// The bin pages by a keyset cursor (deleted_at newest first, then kind, then id) with a limit the
// server refuses above 100 (docs/decisions/keyset-paging-of-admin-lists.md). The three kinds
// share ids and, here, deletion times to the microsecond, which a time-only cursor would skip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import type { TestClient } from '#test/support/client.ts';
import { createWidget } from '#test/support/factories.ts';
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

// Three instants a microsecond apart, so only a microsecond cursor tells them apart.
const TIMES = ['2026-11-30 10:00:00.123457+00', '2026-11-30 10:00:00.123456+00', '2026-11-30 10:00:00.123455+00'];
const at = (i: number) => sql<Date>`${TIMES[i % TIMES.length]}::timestamptz`;

async function binEveryKind(perKind: number): Promise<string[]> {
  const db = t.deps.db;
  const keys: string[] = [];
  for (let i = 0; i < perKind; i++) {
    const gallery = await admin.post('/api/galleries', { json: { name: `Binned gallery ${i}` } });
    await db
      .updateTable('galleries')
      .set({ deleted_at: at(i) })
      .where('id', '=', gallery.body.id)
      .execute();
    const testimonial = await admin.post('/api/testimonials', { json: { name: `Binned ${i}`, score: 4, review: '<p>Fine</p>' } });
    await db
      .updateTable('testimonials')
      .set({ deleted_at: at(i) })
      .where('id', '=', testimonial.body.id)
      .execute();
    const widget = await createWidget(db, { name: `binned-widget-${i}` });
    await db
      .updateTable('widgets')
      .set({ deleted_at: at(i) })
      .where('id', '=', widget.id)
      .execute();
    keys.push(`gallery-${gallery.body.id}`, `testimonial-${testimonial.body.id}`, `widget-${widget.id}`);
  }
  return keys;
}

describe('GET /api/bin', () => {
  it('walks every binned item once, newest first, a page at a time', async () => {
    const keys = await binEveryKind(5);
    const all = await admin.get('/api/bin');
    expect(all.status).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    const everything = all.body.data.map((i: { kind: string; id: number }) => `${i.kind}-${i.id}`);
    expect([...everything].sort()).toEqual([...keys].sort());

    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const res = await admin.get(`/api/bin?limit=4${query}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(4);
      walked.push(...res.body.data.map((i: { kind: string; id: number }) => `${i.kind}-${i.id}`));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(pages).toBe(Math.ceil(keys.length / 4));
    expect(walked).toEqual(everything);
    const times = all.body.data.map((i: { deleted_at: string }) => i.deleted_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a limit above 100 and a cursor it did not give (422)', async () => {
    expect((await admin.get('/api/bin?limit=101')).status).toBe(422);
    expect((await admin.get('/api/bin?limit=0')).status).toBe(422);
    expect((await admin.get('/api/bin?cursor=nonsense')).status).toBe(422);
    expect((await admin.get('/api/bin?cursor=1764496800123456_shop-1')).status).toBe(422);
    expect((await admin.get('/api/bin?limit=100')).status).toBe(200);
  });
});
