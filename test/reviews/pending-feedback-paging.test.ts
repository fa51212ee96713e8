// The admin's feedback queue (GET /api/customer-feedback) comes in pages, oldest first: the limit
// is enforced and a walk by cursor meets every waiting item once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminClient } from '#test/support/content.ts';
import { insertRepairJob } from '#test/support/work-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function waitingFeedback(n: number, respondedAt: (i: number) => Date) {
  const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const job = await insertRepairJob(t.deps.db, { stage_id: stage.id });
    const row = await t.deps.db
      .insertInto('repair_review_requests')
      .values({
        repair_job_id: job.id,
        token_hash: randomBytes(16).toString('hex'),
        token_salt: randomBytes(8).toString('hex'),
        responded_at: respondedAt(i),
        score: 5,
        feedback: `Lovely work ${i}`,
        consent: true,
        moderation: i === n - 1 ? 'approved' : 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i < n - 1) ids.push(row.id);
  }
  return ids;
}

describe('pending feedback', () => {
  it('pages the queue oldest first and walks it by cursor without repeats', async () => {
    const { client: admin } = await adminClient(t);
    const same = new Date(Date.UTC(2022, 0, 1, 9));
    const ids = await waitingFeedback(8, (i) => (i < 3 ? same : new Date(same.getTime() + i * 1000)));

    const seen: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const res = await admin.get('/api/customer-feedback', { query: { limit: 3, ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.data.map((r: { id: number }) => r.id));
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(ids);

    const first = await admin.get('/api/customer-feedback');
    expect(first.body.data).toHaveLength(7);
    expect(first.body.next_cursor).toBeNull();
  });

  it('refuses a limit above 100 and a malformed cursor', async () => {
    const { client: admin } = await adminClient(t);
    expect((await admin.get('/api/customer-feedback', { query: { limit: 101 } })).status).toBe(422);
    expect((await admin.get('/api/customer-feedback', { query: { cursor: 'x' } })).status).toBe(422);
  });
});
