/**
 * The job runner itself (jobs/job-queue.ts) with its workers on, on either engine: a job queued
 * runs on the worker; stopping lets a short running job finish, and hands a long one back to the
 * queue (retried later) instead of dropping it; a job sent in a transaction wakes its worker once
 * the transaction commits, and a rolled-back one neither exists nor wakes anything.
 */
import { afterEach, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
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

async function startQueue(runMs: number, stopTimeoutMs: number, ran: string[], pollSeconds = 1) {
  database = await createTestDatabase();
  const slow = defineJob({
    name: 'slow-job',
    payload: z.object({ tag: z.string() }),
    retry: { limit: 3, delaySeconds: 60, backoff: false },
    pollSeconds,
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
  return { jobs: queue, slow };
}

it('lets a running job finish when it stops', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const { jobs, slow } = await startQueue(1500, 10_000, ran);
  await jobs.send(slow, { tag: 'short' });
  await waitFor('the job starting', () => ran.includes('start short'), 10_000, 50);
  await jobs.stop();
  expect(ran).toEqual(['start short', 'end short']);
  await waitFor('the job completed', async () => (await jobsOf(database!.db, 'slow-job'))[0]?.state === 'completed', 5000, 100);
});

it('hands a job still running after the stop timeout back to the queue', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const { jobs, slow } = await startQueue(20_000, 1000, ran);
  await jobs.send(slow, { tag: 'long' });
  await waitFor('the job starting', () => ran.includes('start long'), 10_000, 50);
  const started = Date.now();
  await jobs.stop();
  expect(Date.now() - started).toBeLessThan(5000);
  const [job] = await jobsOf(database!.db, 'slow-job');
  expect(job).toMatchObject({ state: 'retry' });
});

// The worker polls once a minute here: a job that runs within seconds was woken by the commit.
it('wakes the worker when the transaction that sent a job commits, and not before', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const { jobs, slow } = await startQueue(10, 10_000, ran, 60);
  let inside: string[] = [];
  await database!.db.transaction().execute(async (trx) => {
    await jobs.send(slow, { tag: 'committed' }, { trx });
    await new Promise((resolve) => setTimeout(resolve, 300));
    inside = [...ran];
  });
  expect(inside).toEqual([]);
  await waitFor('the committed job running', () => ran.includes('end committed'), 10_000, 50);
});

it('queues nothing and wakes nothing when the transaction rolls back', { timeout: 60_000 }, async () => {
  const ran: string[] = [];
  const { jobs, slow } = await startQueue(10, 10_000, ran, 60);
  await expect(
    database!.db.transaction().execute(async (trx) => {
      await jobs.send(slow, { tag: 'rolled back' }, { trx });
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(ran).toEqual([]);
  expect(await jobsOf(database!.db, 'slow-job')).toEqual([]);
});

it('refuses a payload its definition does not describe', { timeout: 60_000 }, async () => {
  const { jobs, slow } = await startQueue(10, 10_000, [], 60);
  await expect(jobs.send(slow, { tag: 7 } as unknown as { tag: string })).rejects.toThrow();
  expect(await jobsOf(database!.db, 'slow-job')).toEqual([]);
});
