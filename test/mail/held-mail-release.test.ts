/**
 * Mails held until the same moment go out together (jobs/held-job-wakes.ts,
 * docs/decisions/job-concurrency-and-urgent-mail.md): 20 stage-change mails held as over the
 * shop's quiet hours, released at one moment, all reach a real SMTP listener within a few
 * seconds of it, with the site's own workers running (no drain), not one per 30 s poll. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { testEngine } from '#test/support/database.ts';
import { startSmtpListener, type SmtpListener } from '#test/support/smtp.ts';
import { insertRepairJob } from '#test/support/work-rows.ts';
import { jobsOf } from '#test/support/jobs.ts';
import { waitFor } from '../faults/support/mail-server.ts';
import { getShop, updateShop } from '#server/shop/shop.service.ts';
import { SYSTEM_ACTOR } from '#server/activity/actor.ts';
import { moveRepairJob } from '#server/repair-jobs/repair-jobs.service.ts';
import { trackerToken, trackerTokenHash } from '#server/repair-jobs/tracker-links.ts';
import { repairStageMailJob } from '#server/jobs/definitions/repair-stage-mail.ts';
import { daytimeZone } from '#test/support/daytime.ts';

const HELD = 20;
/** The stage mail's poll: without a wake-up at the release, the first would wait up to this long. */
const POLL_MS = (repairStageMailJob.pollSeconds ?? 10) * 1000;

describe(`held stage mails released together on ${testEngine}`, () => {
  let smtp: SmtpListener;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url, REPAIR_STAGE_MAIL_HOLD_MINUTES: '10' }, { drainJobsPerRequest: false, runJobs: true });
    // The release itself must fall outside the quiet hours: the shop is where it is daytime now.
    const timeZone = daytimeZone();
    await updateShop(t.deps, { ...(await getShop(t.deps)), timeZone }, SYSTEM_ACTOR);
    await t.deps.publicContent.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it(`sends ${HELD} stage mails held until one moment within seconds of it, each once`, { timeout: 120_000 }, async () => {
    const stageIds = await t.deps.db.selectFrom('repair_stages').select('id').orderBy('position').execute();
    const [first, second] = stageIds.map((s) => s.id);
    const jobIds: number[] = [];
    for (let i = 0; i < HELD; i++) {
      const job = await insertRepairJob(t.deps.db, { stage_id: first!, customer_email: `held-${i}@example.test` });
      const hash = trackerTokenHash(trackerToken(t.config.appKey, job.id, job.tracker_salt));
      await t.deps.db.updateTable('repair_jobs').set({ tracker_token_hash: hash }).where('id', '=', job.id).execute();
      jobIds.push(job.id);
    }
    // Each moved "ten minutes ago, less a few seconds": every mail is held until the same moment,
    // as the mails of an evening are held until 08:00.
    // Far enough ahead that all twenty are queued before it.
    const release = new Date(Date.now() + 8000);
    const changedAt = new Date(release.getTime() - 10 * 60_000);
    for (const id of jobIds) await moveRepairJob(t.deps, { id, stage_id: second! }, changedAt);
    expect(Date.now()).toBeLessThan(release.getTime());
    expect(smtp.messages).toHaveLength(0);

    await waitFor(`all ${HELD} delivered`, () => smtp.messages.length >= HELD, POLL_MS + 30_000, 50);
    const lastAt = Date.now();
    // Within half a poll of the release (a busy machine's twenty renders and deliveries): they went
    // together when due, not one per poll, nor waiting for the first poll after the release.
    expect(lastAt - release.getTime()).toBeLessThan(POLL_MS / 2);
    const to = smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text.toLowerCase()).sort();
    expect(to).toEqual(jobIds.map((_, i) => `held-${i}@example.test`).sort());
    expect(smtp.messages.every((m) => m.subject?.startsWith('VW Golf 2020: '))).toBe(true);
    await waitFor(
      'every stage-mail job completed',
      async () => (await jobsOf(t.deps.db, repairStageMailJob.name)).every((j) => j.state === 'completed'),
      5000,
      100,
    );
  });
});
