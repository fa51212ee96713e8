// The data export reads each table once however many repair jobs the customer has: the same number
// of statements for 3 jobs as for 30 (it ran five per job), with every job's parts still in it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createUser } from '#test/support/factories.ts';
import { insertQuoteRequest, insertRepairJob } from '#test/support/work-rows.ts';
import { countStatements } from '#test/support/statement-count.ts';
import { exportUserData } from '#server/account/data-export.service.ts';
import { insertStageReached } from '#server/repair-jobs/repair-job-history.repository.ts';
import { insertDateChange } from '#server/repair-jobs/repair-job-date-changes.repository.ts';
import { insertRepairPhotos } from '#server/repair-jobs/repair-job-photos.repository.ts';
import { matterOfRepairJob, postMessage } from '#server/threads/threads.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A customer with `jobs` repair jobs, each with a stage reached, a date change, a shared photo and a message; and as many quote requests. */
async function customerWith(jobs: number) {
  const user = await createUser(t.deps.db);
  const stage = await t.deps.db.selectFrom('repair_stages').select(['id', 'name']).orderBy('position').executeTakeFirstOrThrow();
  for (let i = 0; i < jobs; i++) {
    const job = await insertRepairJob(t.deps.db, { stage_id: stage.id, user_id: user.id, customer_email: user.email });
    await insertStageReached(t.deps.db, { repair_job_id: job.id, stage_id: stage.id, stage_name: stage.name });
    await insertDateChange(t.deps.db, { repair_job_id: job.id, old_date: '2026-12-24', new_date: '2026-12-31', reason: `Parts late ${i}` });
    const key = randomUUID();
    await insertRepairPhotos(t.deps.db, [
      {
        repair_job_id: job.id,
        large_key: `l-${key}`,
        large_width: 10,
        large_height: 10,
        thumb_key: `t-${key}`,
        thumb_width: 5,
        thumb_height: 5,
        shared: true,
      },
    ]);
    await postMessage(t.deps.db, matterOfRepairJob(job), { side: 'customer', body: `Any news on job ${i}?` });
    await insertQuoteRequest(t.deps.db, { user_id: user.id, email: user.email });
  }
  return user;
}

async function exportOf(userId: number) {
  return countStatements(t.deps.db, (db) => exportUserData({ db }, { userId, currentSessionId: 'none' }, new Date(), { userId, ip: null }));
}

describe('the data export', () => {
  it('runs the same number of statements for 3 repair jobs as for 30', async () => {
    const few = await exportOf((await customerWith(3)).id);
    const many = await exportOf((await customerWith(30)).id);

    expect(few.result.repairJobs).toHaveLength(3);
    expect(many.result.repairJobs).toHaveLength(30);
    expect(many.result.quoteRequests).toHaveLength(30);
    for (const job of many.result.repairJobs) {
      expect(job.stages_reached).toHaveLength(1);
      expect(job.date_changes).toHaveLength(1);
      expect(job.shared_photo_count).toBe(1);
      expect(job.messages).toHaveLength(1);
    }
    expect(many.statements).toBe(few.statements);
    // One per section and table, not one per job.
    expect(few.statements).toBeLessThan(25);
  });
});
