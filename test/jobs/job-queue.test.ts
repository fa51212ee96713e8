/**
 * The job runner itself (jobs/job-queue.ts) with its workers on, on either engine: a job queued
 * runs on the worker; stopping lets a short running job finish, and hands a long one back to the
 * queue (retried later) instead of dropping it.
 */
import { afterEach, expect, it } from 'vitest';
import pino from 'pino';
import type { AppDeps } from '#server/app-deps.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { JobQueue } from '#server/jobs/job-queue.ts';
import { defineJob } from '#server/jobs/job-definition.ts';
import { createTestDatabase } from '#test/support/database.ts';
import { jobsOf } from '#test/support/jobs.ts';
import { waitFor } from '../faults/support/mail-server.ts';

let database: DatabaseHandle | undefined;
let queue: JobQueue | undefined;

afterEach(async () => {
  await queue?.stop();
  await database?.close();
  queue = undefined;
  database = undefined;
});

async function startQueue(runMs: number, stopTimeoutMs: number, ran: string[]) {
  database = await createTestDatabase();
  const slow = defineJob<{ tag: string }>({
    name: 'slow-job',
    retry: { limit: 3, delaySeconds: 60, backoff: false },
    pollSeconds: 1,
    async run(_deps, data) {
      ran.push(`start ${data.tag}`);
      await new Promise((resolve) => setTimeout(resolve, runMs));
      ran.push(`end ${data.tag}`);
    },
  });
  queue = new JobQueue({
    database,
    definitions: [slow],
    log: pino({ level: 'silent' }),
    run: true,
    shopTimeZone: async () => 'Europe/London',
    publicContentChanged: async () => {},
    stopTimeoutMs,
  });
  await queue.start({ db: database.db } as unknown as AppDeps);
  return queue;
}

it('lets a running job finish when it stops', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const jobs = await startQueue(1500, 10_000, ran);
  await jobs.send('slow-job', { tag: 'short' });
  jobs.wake('slow-job');
  await waitFor('the job starting', () => ran.includes('start short'), 10_000, 50);
  await jobs.stop();
  expect(ran).toEqual(['start short', 'end short']);
  await waitFor('the job completed', async () => (await jobsOf(database!.db, 'slow-job'))[0]?.state === 'completed', 5000, 100);
});

it('hands a job still running after the stop timeout back to the queue', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const jobs = await startQueue(20_000, 1000, ran);
  await jobs.send('slow-job', { tag: 'long' });
  jobs.wake('slow-job');
  await waitFor('the job starting', () => ran.includes('start long'), 10_000, 50);
  const started = Date.now();
  await jobs.stop();
  expect(Date.now() - started).toBeLessThan(5000);
  const [job] = await jobsOf(database!.db, 'slow-job');
  expect(job).toMatchObject({ state: 'retry' });
});
