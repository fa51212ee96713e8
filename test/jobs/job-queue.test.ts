/**
 * The job runner itself (jobs/job-queue.ts) with its workers on, on either engine: a job queued
 * runs on the worker; stopping lets a short running job finish, and hands a long one back to the
 * queue (retried later) instead of dropping it; a job sent in a transaction wakes its worker once
 * the transaction commits, and a rolled-back one neither exists nor wakes anything. A kind with
 * a concurrency works that many jobs at once, never more, each once, taking the next as soon as one
 * is done (no poll wait while work waits), held jobs due together included; a failed one is retried.
 */
import { afterEach, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { JobQueue } from '#server/jobs/job-queue.ts';
import { defineJob, type JobDefinition } from '#server/jobs/job-definition.ts';
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
  return { jobs: await startQueueOf([slow], stopTimeoutMs), slow };
}

async function startQueueOf(definitions: JobDefinition[], stopTimeoutMs = 10_000) {
  database = await createTestDatabase();
  queue = new JobQueue({
    database,
    definitions,
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

/** A job that takes `runMs` and notes how many of its kind run at once; `failFirst` tags fail their first try. */
function countingJob(runMs: number, concurrency: number, pollSeconds: number, failFirst: string[] = []) {
  const seen = { running: 0, most: 0, ran: [] as string[], tries: new Map<string, number>() };
  const job = defineJob({
    name: 'counted-job',
    payload: z.object({ tag: z.string() }),
    retry: { limit: 2, delaySeconds: 1, backoff: false },
    pollSeconds,
    concurrency,
    async run(_deps, data) {
      seen.tries.set(data.tag, (seen.tries.get(data.tag) ?? 0) + 1);
      seen.running++;
      seen.most = Math.max(seen.most, seen.running);
      try {
        await new Promise((resolve) => setTimeout(resolve, runMs));
        if (failFirst.includes(data.tag) && seen.tries.get(data.tag) === 1) throw new Error('first try fails');
        seen.ran.push(data.tag);
      } finally {
        seen.running--;
      }
    },
  });
  return { job, seen };
}

const tags = (n: number) => Array.from({ length: n }, (_, i) => `job-${i}`);

// The worker polls once a minute: eight jobs of 400 ms done within seconds were each taken as the
// last was done, three at a time (one at a time, a poll apart, they would take minutes).
it(
  'works a kind its concurrency at a time, never more, each job once, without waiting a poll between them',
  { timeout: 60_000 },
  async () => {
    const { job, seen } = countingJob(400, 3, 60);
    const jobs = await startQueueOf([job]);
    const started = Date.now();
    await database!.db.transaction().execute(async (trx) => {
      for (const tag of tags(8)) await jobs.send(job, { tag }, { trx });
    });
    await waitFor('all eight done', () => seen.ran.length === 8, 20_000, 50);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(seen.most).toBe(3);
    expect([...seen.ran].sort()).toEqual(tags(8).sort());
    await waitFor(
      'all completed',
      async () => (await jobsOf(database!.db, 'counted-job')).every((j) => j.state === 'completed'),
      5000,
      100,
    );
  },
);

// Held jobs wake their workers when due (a timer of the copy that sent them; else a poll finds
// them), and all six then run together (one per poll, the last would start five polls late).
it('runs held jobs due at the same time together, not one per poll', { timeout: 60_000 }, async () => {
  const { job, seen } = countingJob(300, 3, 3);
  const jobs = await startQueueOf([job]);
  const due = new Date(Date.now() + 1000);
  for (const tag of tags(6)) await jobs.send(job, { tag }, { startAfter: due });
  await waitFor('all six done', () => seen.ran.length === 6, 20_000, 50);
  // At most one poll (3 s) after they were due, plus two rounds of 300 ms.
  expect(Date.now() - due.getTime()).toBeLessThan(3000 + 2000);
  expect(seen.most).toBeGreaterThan(1);
  expect(seen.most).toBeLessThanOrEqual(3);
});

it('retries a job that failed while the others of its batch completed', { timeout: 60_000 }, async () => {
  const { job, seen } = countingJob(100, 3, 1, ['job-1']);
  const jobs = await startQueueOf([job]);
  for (const tag of tags(3)) await jobs.send(job, { tag });
  await waitFor('the failed one retried and done', () => seen.ran.length === 3, 20_000, 50);
  expect(seen.tries.get('job-1')).toBe(2);
  expect(seen.tries.get('job-0')).toBe(1);
  expect(seen.tries.get('job-2')).toBe(1);
  await waitFor('all completed', async () => (await jobsOf(database!.db, 'counted-job')).every((j) => j.state === 'completed'), 5000, 100);
  expect((await jobsOf(database!.db, 'counted-job')).map((j) => j.retry_count).sort()).toEqual([0, 0, 1]);
});

it('hands every running job of a kind back when it stops past its time limit', { timeout: 60_000 }, async () => {
  const { job, seen } = countingJob(20_000, 3, 60);
  const jobs = await startQueueOf([job], 1000);
  for (const tag of tags(3)) await jobs.send(job, { tag });
  await waitFor('three running', () => seen.running === 3, 10_000, 50);
  await jobs.stop();
  expect((await jobsOf(database!.db, 'counted-job')).map((j) => j.state)).toEqual(['retry', 'retry', 'retry']);
});
