import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { createTestimonial } from '#test/support/factories.ts';
import { adminClient } from '#test/support/content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 15 testimonials, one a day, so "newest first" is well defined.
  for (let i = 0; i < 15; i++) {
    const created = await createTestimonial(t.deps.db, { name: `Customer ${i}`, score: (i % 5) + 1 });
    const at = new Date(Date.UTC(2026, 0, 1 + i));
    await t.deps.db.updateTable('testimonials').set({ created_at: at }).where('id', '=', created.id).execute();
  }
});
afterAll(async () => {
  await t?.close();
});

describe('public list', () => {
  it('GET /api/testimonials/ answers 12 newest first with the total', async () => {
    const res = await new TestClient(t.app).get('/api/testimonials/');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(15);
    expect(res.body.results).toHaveLength(12);
    expect(res.body.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Customer 14',
      score: 5,
      review: '<p>Great work.</p>',
      created_at: '2026-01-15T00:00:00.000Z',
    });
    expect(res.body.results[11].name).toBe('Customer 3');
  });

  it('pages from zero with limit and page', async () => {
    const client = new TestClient(t.app);
    const second = await client.get('/api/testimonials?limit=12&page=1');
    expect(second.body.results.map((r: { name: string }) => r.name)).toEqual(['Customer 2', 'Customer 1', 'Customer 0']);
    const small = await client.get('/api/testimonials?limit=4&page=2');
    expect(small.body.results.map((r: { name: string }) => r.name)).toEqual(['Customer 6', 'Customer 5', 'Customer 4', 'Customer 3']);
    expect((await client.get('/api/testimonials?limit=12&page=9')).body).toEqual({ results: [], total: 15 });
  });

  it('answers 422 for a bad limit or page', async () => {
    const client = new TestClient(t.app);
    for (const query of ['limit=0', 'limit=abc', 'limit=101', 'page=-1', 'page=1.5', 'page=x']) {
      const res = await client.get(`/api/testimonials?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('admin', () => {
  it('creates (201), reads, updates and deletes', async () => {
    const { client } = await adminClient(t);
    const created = await client.post('/api/testimonials', {
      json: { name: 'Ann', score: 4, review: '<p>Good <script>x()</script><strong>job</strong></p>' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ann', score: 4, review: '<p>Good <strong>job</strong></p>' });
    const id = created.body.id;
    expect((await client.get(`/api/testimonials/${id}`)).body).toEqual(created.body);

    const form = await client.post(`/api/testimonials/${id}`, { form: { name: 'Ann B', score: '5', review: '<p>Better</p>' } });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ id, name: 'Ann B', score: 5, review: '<p>Better</p>' });

    const deleted = await client.delete(`/api/testimonials/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('""');
    expect((await client.get(`/api/testimonials/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/testimonials/${id}`)).status).toBe(404);
    expect((await client.post(`/api/testimonials/${id}`, { json: { name: 'x', score: 3, review: 'y' } })).status).toBe(404);
  });

  it('validates name, score (1 to 5) and review', async () => {
    const { client } = await adminClient(t);
    const before = (
      await t.deps.db
        .selectFrom('testimonials')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const none = await client.post('/api/testimonials', { json: {} });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({
      message: 'The name field is required. (and 2 more errors)',
      errors: { name: ['The name field is required.'], score: ['The score field is required.'], review: ['The review field is required.'] },
    });
    for (const score of [0, 6, 2.5, 'five']) {
      const res = await client.post('/api/testimonials', { json: { name: 'A', score, review: 'ok' } });
      expect(res.status, String(score)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['score']);
    }
    expect(
      (await client.post('/api/testimonials', { json: { name: 'x'.repeat(151), score: 3, review: 'ok' } })).body.errors.name,
    ).toBeDefined();
    const scriptOnly = await client.post('/api/testimonials', { json: { name: 'A', score: 3, review: '<script>alert(1)</script>' } });
    expect(scriptOnly.status).toBe(422);
    expect(scriptOnly.body.errors.review).toEqual(['The review field is required.']);
    const after = (
      await t.deps.db
        .selectFrom('testimonials')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('is admin only', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/testimonials/1')).status).toBe(401);
    await anon.csrf();
    expect((await anon.post('/api/testimonials', { json: { name: 'A', score: 3, review: 'x' } })).status).toBe(401);
  });
});
