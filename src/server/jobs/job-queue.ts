/**
 * The job runner: pg-boss 10 on the site's own database, PGlite or PostgreSQL, through the
 * adapter of job-sql.ts (docs/decisions/durable-jobs-pg-boss.md). It declares a queue per
 * definition (definitions/index.ts), the schedules (pg-boss queues one job per period for all
 * copies together), the workers of each queue (its definition's `concurrency`, each asking for the
 * next job as soon as its last is done, so a queue with work waiting never waits a poll), and
 * the per-copy timers. A held job (`startAfter`) wakes the workers when it comes due, so held
 * jobs due together start together at once. A job sent with a `priority` is taken before those waiting with a lower one
 * (urgent mail: mail/mail-kinds.ts). `stop()` lets a running job finish
 * for a while, then hands it back (failed, so it is retried); a copy killed mid-job leaves it
 * active until it expires, and then it is retried on whichever copy is up.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { z } from 'zod';
import type { DatabaseHandle } from '#server/db/database.ts';
import { afterCommit } from '#server/db/after-commit.ts';
import type { Database } from '#server/db/types.ts';
import { scheduleOf, type JobDefinition, type JobKind, type JobRun } from './job-definition.ts';
import { jobSqlFor, jobSqlInTransaction } from './job-sql.ts';
import { HeldJobWakes } from './held-job-wakes.ts';

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'db' | 'execScript'>;
  definitions: readonly JobDefinition[];
  log: FastifyBaseLogger;
  /**
   * Workers, schedules and the queue's maintenance run in this process (the site). Tests turn
   * them off and run what is due with `drain()`, so a test sees a mail the moment it asks.
   */
  run: boolean;
  /** The shop's time zone, for schedules `inShopTimeZone`. */
  shopTimeZone: () => Promise<string>;
  /** After a job changed public content (job-definition.ts JobRun). */
  publicContentChanged: () => Promise<void>;
  /** How long stop() lets running jobs finish before handing them back. */
  stopTimeoutMs?: number;
  /** Seconds between looks for expired jobs (a copy killed mid-job): pg-boss's maintenance. */
  maintenanceSeconds?: number;
}

export interface JobStats {
  queued: number;
  active: number;
  failed: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly byName: Map<string, JobDefinition>;
  private readonly workers = new Map<string, string[]>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly heldWakes = new HeldJobWakes((name) => this.wake(name));
  private readonly running = new Set<Promise<unknown>>();
  private deps: AppDeps | undefined;
  private closing = false;
  private started = false;
  /** Set once stop() is done: pg-boss's late, unawaited bookkeeping then goes nowhere (job-sql.ts). */
  private detached = false;

  constructor(private readonly options: JobQueueOptions) {
    this.byName = new Map(options.definitions.map((d) => [d.name, d]));
    this.boss = new PgBoss({
      db: jobSqlFor(options.database, () => this.detached),
      migrate: true,
      schedule: options.run,
      supervise: options.run,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
      // A cron tick is looked for every 10 s; pg-boss's 60 s singleton keeps it to one job a minute.
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 5,
      // Completed and failed jobs leave the live table after a day and the archive after a week
      // (the mail's own record, outgoing_mail, keeps what the admin needs).
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (err) => options.log.warn({ err }, 'job queue error'));
  }

  /** Creates the queue's tables on first use, declares the queues and schedules, starts the workers. */
  async start(deps: AppDeps): Promise<void> {
    this.deps = deps;
    this.detached = false;
    await this.boss.start();
    this.started = true;
    let shopTimeZone: string | undefined;
    const scheduled = new Set<string>();
    for (const definition of this.options.definitions) {
      if (definition.everyCopyMs) {
        if (this.options.run) {
          const timer = setInterval(() => void this.runLocal(definition), definition.everyCopyMs);
          timer.unref();
          this.timers.push(timer);
        }
        continue;
      }
      const queueOptions = {
        name: definition.name,
        ...(definition.retry
          ? { retryLimit: definition.retry.limit, retryDelay: definition.retry.delaySeconds, retryBackoff: definition.retry.backoff }
          : { retryLimit: 2, retryDelay: 60, retryBackoff: true }),
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        ...(definition.oneWaitingPerKey ? { policy: 'short' as const } : {}),
      };
      await this.boss.createQueue(definition.name, queueOptions);
      await this.boss.updateQueue(definition.name, queueOptions);
      const schedule = scheduleOf(definition, deps.config);
      if (schedule) {
        scheduled.add(definition.name);
        const tz = schedule.inShopTimeZone ? (shopTimeZone ??= await this.options.shopTimeZone()) : 'UTC';
        await this.boss.schedule(definition.name, schedule.cron, {}, { tz });
        if (schedule.atStart) await this.boss.send(definition.name, {}, { singletonKey: 'at-start', singletonSeconds: 60 });
      }
      if (this.options.run) {
        const ids: string[] = [];
        for (let slot = 0; slot < (definition.concurrency ?? 1); slot++) {
          // Known once work() answers; its first job cannot be done before that (it waits on the database).
          const worker: { id?: string } = {};
          worker.id = await this.boss.work<Record<string, unknown>>(
            definition.name,
            { pollingIntervalSeconds: definition.pollSeconds ?? 10, batchSize: 1, includeMetadata: true },
            async ([job]) => {
              if (!job) return;
              try {
                await this.runJob(definition, job);
              } finally {
                // There may be more: pg-boss's worker then asks again at once instead of after its interval.
                if (worker.id && !this.closing) this.boss.notifyWorker(worker.id);
              }
            },
          );
          ids.push(worker.id);
        }
        this.workers.set(definition.name, ids);
      }
    }
    // A definition removed from the list (or a schedule the configuration turned off) leaves none behind.
    for (const schedule of await this.boss.getSchedules()) {
      if (!scheduled.has(schedule.name)) await this.boss.unschedule(schedule.name);
    }
  }

  /**
   * Queues a job of `job` (a definition of definitions/index.ts), its payload checked by the
   * definition's schema. With `trx` the job is a row of that transaction: it exists if and only if
   * the transaction commits, and this copy's worker is woken after the commit (db/after-commit.ts);
   * without, at once. `startAfter`: not run before then (a held job, no wake-up). `priority`:
   * taken before waiting jobs of the same queue with a lower one (default 0).
   */
  async send<Payload extends z.ZodType>(
    job: JobKind<Payload>,
    payload: z.input<Payload>,
    options: { trx?: Executor; singletonKey?: string; startAfter?: Date; priority?: number } = {},
  ): Promise<string | null> {
    if ((this.byName.get(job.name) as JobKind | undefined) !== (job as JobKind)) throw new Error(`No job definition named ${job.name}`);
    const data = job.payload.parse(payload) as object;
    const id = await this.boss.send(job.name, data, {
      ...(options.trx ? { db: jobSqlInTransaction(options.trx) } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
    if (!options.startAfter) afterCommit(options.trx ?? this.options.database.db, () => this.wake(job.name));
    else
      afterCommit(options.trx ?? this.options.database.db, () => {
        if (this.workers.has(job.name)) this.heldWakes.at(job.name, options.startAfter!);
      });
    return id;
  }

  /** Cancels a job that has not run (a held one no longer wanted). With `trx`, as part of that transaction. */
  async cancel(job: JobKind, id: string, options: { trx?: Executor } = {}): Promise<void> {
    await this.boss.cancel(job.name, id, options.trx ? { db: jobSqlInTransaction(options.trx) } : {});
  }

  /**
   * Asks this copy's workers for `name` to look for work now rather than at their next poll (send
   * does, after the commit). A busy one asks as soon as its job is done; two idle ones asking
   * together take different jobs or one finds none (pg-boss's fetch skips locked rows).
   */
  private wake(name: string): void {
    if (!this.started || this.closing) return;
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  /**
   * Runs every job that is due, until none is (tests: the app runs no workers there), highest
   * priority first, each kind `concurrency` at a time as its workers would. A job that fails is
   * marked so, and retried by a later drain once its delay has passed.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      const due = await sql<{ due: boolean }>`
        select exists (select 1 from pgboss.job where state < 'active' and start_after <= now()) as due`.execute(this.options.database.db);
      if (!due.rows[0]?.due) return;
      let ran = 0;
      for (const definition of this.options.definitions) {
        if (definition.everyCopyMs) continue;
        const fetched = await this.boss.fetch<Record<string, unknown>>(definition.name, { batchSize: 20, includeMetadata: true });
        // pg-boss picks the batch in priority order but hands it back in the table's order.
        const jobs = fetched.sort((a, b) => b.priority - a.priority);
        ran += jobs.length;
        const together = definition.concurrency ?? 1;
        for (let start = 0; start < jobs.length; start += together) {
          await Promise.all(
            jobs.slice(start, start + together).map(async (job) => {
              try {
                await this.runJob(definition, job);
                await this.boss.complete(definition.name, job.id);
              } catch (error) {
                await this.boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
              }
            }),
          );
        }
      }
      if (ran === 0) return;
    }
  }

  /** Jobs of every queue: waiting (created or retrying), running, failed (kept until archived). */
  async stats(): Promise<JobStats> {
    const { rows } = await sql<{ state: string; count: number }>`
      select state::text as state, count(*)::int as count from pgboss.job
      where name not like '\_\_pgboss%' group by state`.execute(this.options.database.db);
    const stats: JobStats = { queued: 0, active: 0, failed: 0 };
    for (const row of rows) {
      if (row.state === 'created' || row.state === 'retry') stats.queued += Number(row.count);
      else if (row.state === 'active') stats.active += Number(row.count);
      else if (row.state === 'failed') stats.failed += Number(row.count);
    }
    return stats;
  }

  /** Lets running jobs finish (at most `stopTimeoutMs`), then hands the rest back to the queue. */
  async stop(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.heldWakes.clear();
    if (!this.started) return;
    const timeout = this.options.stopTimeoutMs ?? 5_000;
    const stopping = Date.now();
    try {
      await this.boss.stop({ graceful: true, wait: true, close: false, timeout });
    } catch (err) {
      // The database went first (an outage, a test that closed it): nothing left to hand back to.
      this.options.log.warn({ err }, 'job queue stopped without its database');
    }
    this.started = false;
    // The per-copy timers' work gets what is left of the same time; a queued job still running now
    // has been handed back (failed, retried later), so it is not waited for.
    const left = Math.max(0, timeout - (Date.now() - stopping));
    await Promise.race([Promise.allSettled([...this.running]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
    this.detached = true;
  }

  private async runJob(definition: JobDefinition, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    const run: JobRun = {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      closing: () => this.closing,
      publicContentChanged: this.options.publicContentChanged,
    };
    // Checked again when it runs: a job queued by an older copy of the site may carry another shape.
    const task = Promise.resolve().then(() => definition.run(this.deps!, definition.payload.parse(job.data ?? {}), run));
    this.running.add(task);
    try {
      await task;
    } catch (error) {
      this.options.log.warn({ err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      throw error;
    } finally {
      this.running.delete(task);
    }
  }

  private async runLocal(definition: JobDefinition): Promise<void> {
    if (this.closing || !this.deps) return;
    const task = definition.run(this.deps, definition.payload.parse({}), {
      id: definition.name,
      retryCount: 0,
      retryLimit: 0,
      closing: () => this.closing,
      publicContentChanged: this.options.publicContentChanged,
    });
    this.running.add(task);
    try {
      await task;
    } catch (err) {
      this.options.log.warn({ err, job: definition.name }, 'job failed');
    } finally {
      this.running.delete(task);
    }
  }
}
