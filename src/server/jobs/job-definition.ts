/**
 * One piece of background work: its name (the queue's), what starts it, and what it does. Every
 * definition is in the one list of definitions/index.ts (Documenso's jobs/definitions shape).
 *
 * - `schedule`: a cron expression; pg-boss queues one job per period for all copies of the site
 *   together (its schedule is a row, its cron tick a single-row compare-and-set), in the shop's
 *   time zone when `inShopTimeZone`, otherwise UTC. `atStart` also queues one when a copy starts
 *   (singleton: one waiting at a time however many copies start). A schedule the configuration
 *   sets (the backup's BACKUP_SCHEDULE) is a function of it; undefined turns the job's schedule off.
 * - neither: queued by the code that causes it, in the same transaction (`deps.jobs.send(theJob,
 *   payload, { trx })`: the caller imports the definition; the queue checks the payload against
 *   `payload` and wakes the worker after the commit).
 * - `everyCopyMs`: work on what each copy has to itself (its temp folder): a timer in each copy,
 *   not the queue.
 */
import type { z } from 'zod';
import type { AppDeps } from '#server/app-deps.ts';
import type { AppConfig } from '#server/config/load-config.ts';

export interface JobRun {
  id: string;
  /** Tries before this one. */
  retryCount: number;
  retryLimit: number;
  /** True once the site is closing: a long job stops between steps and is run again later. */
  closing(): boolean;
  /** Rebuilds this copy's public snapshot and tells the other copies to rebuild theirs. */
  publicContentChanged(): Promise<void>;
}

export interface JobSchedule {
  cron: string;
  inShopTimeZone?: boolean;
  atStart?: boolean;
}

export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  /** The queue's name: written here only (callers pass the definition). */
  name: string;
  /** What a job carries (a scheduled job: `z.object({})`); checked when it is sent and when it runs. */
  payload: Payload;
  schedule?: JobSchedule | ((config: AppConfig) => JobSchedule | undefined);
  everyCopyMs?: number;
  /** Retries with exponential backoff (pg-boss: delay × 2^n, jittered), then the job is failed and kept. */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** A run longer than this is taken as lost (its copy died) and handed to the next try. */
  expireInSeconds?: number;
  /**
   * pg-boss's `short` policy: at most one job waiting per singleton key, so a send while one waits
   * is dropped (a held e-mail that reads the current state when it runs: repair-stage-mail.ts).
   */
  oneWaitingPerKey?: boolean;
  /**
   * How often an idle worker asks for work (a wake-up after a send is immediate in its own copy).
   * A worker that found a job asks again as soon as it is done, so a queue with work waiting is
   * worked without pause; the interval is only the wait of an idle one.
   */
  pollSeconds?: number;
  /**
   * Jobs of this kind run at once in one copy (default 1): that many workers, each taking the next
   * job as soon as its last is done. Bounded, as each holds a mail server's connection or a
   * database transaction at a time.
   */
  concurrency?: number;
  run(deps: AppDeps, data: z.output<Payload>, job: JobRun): Promise<void>;
}

export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** What `send` needs of a definition: its queue and the payload's schema. */
export type JobKind<Payload extends z.ZodType = z.ZodType> = Pick<JobDefinition<Payload>, 'name' | 'payload'>;

/** The definition's schedule under this configuration, if it has one. */
export function scheduleOf(definition: Pick<JobDefinition, 'schedule'>, config: AppConfig): JobSchedule | undefined {
  return typeof definition.schedule === 'function' ? definition.schedule(config) : definition.schedule;
}
