// The repair board counts every open job's customer messages (its matter's thread) in one query: the same number of statements
// with 2 open jobs as with 20 (it ran one query per job), each job's count still right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { insertRepairJob } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { getRepairBoard } from '#server/repair-jobs/repair-jobs.service.ts';
import { matterOfRepairJob, postMessage } from '#server/threads/threads.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `count` more open jobs, the i-th with i messages; one collected job the board leaves out. */
async function addOpenJobs(count: number): Promise<Map<number, number>> {
  const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow();
  const messages = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const job = await insertRepairJob(t.deps.db, { stage_id: stage.id });
    for (let m = 0; m < i % 3; m++) {
      await postMessage(t.deps.db, matterOfRepairJob(job), { side: 'customer', body: `Message ${m}` });
    }
    messages.set(job.id, i % 3);
  }
  await insertRepairJob(t.deps.db, { stage_id: stage.id, collected_at: new Date() });
  return messages;
}

describe('the repair board', () => {
  it('runs the same number of statements for 2 open jobs as for 20', async () => {
    await addOpenJobs(2);
    const few = await countStatements(t.deps.db, (db) => getRepairBoard({ db }));
    const expected = await addOpenJobs(18);
    const many = await countStatements(t.deps.db, (db) => getRepairBoard({ db }));

    expect(few.result.jobs).toHaveLength(2);
    expect(many.result.jobs).toHaveLength(20);
    for (const job of many.result.jobs.filter((j) => expected.has(j.id))) {
      expect(job.message_count).toBe(expected.get(job.id));
    }
    expect(many.statements).toBe(few.statements);
    expect(few.statements).toBe(3);
  });
});

describe('a board card', () => {
  it('carries when its job was opened, for its days in the shop', async () => {
    const stage = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow();
    const opened = new Date('2026-03-02T08:15:00.000Z');
    const job = await insertRepairJob(t.deps.db, { stage_id: stage.id, created_at: opened });
    const board = await getRepairBoard({ db: t.deps.db });
    expect(board.jobs.find((j) => j.id === job.id)?.opened_at).toBe(opened.toISOString());
  });
});
