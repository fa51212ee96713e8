/**
 * One piece of background work: its name (the queue's), what starts it, and what it does. Every
 * definition is in the one list of definitions/index.ts (Documenso's jobs/definitions shape).
 *
 * - `schedule`: a cron expression; pg-boss queues one job per period for all copies of the site
 *   together (its schedule is a row, its cron tick a single-row compare-and-set), in the shop's
 *   time zone when `inShopTimeZone`, otherwise UTC. `atStart` also queues one when a copy starts
 *   (singleton: one waiting at a time however many copies start). A schedule the configuration
 *   sets (the backup's BACKUP_SCHEDULE) is a function of it; undefined turns the job's schedule off.
 * - neither: queued by the code that causes it, in the same transaction (`deps.jobs.send`).
 * - `everyCopyMs`: work on what each copy has to itself (its temp folder): a timer in each copy,
 *   not the queue.
 */
import type { AppDeps } from '#server/app-deps.ts';
import type { AppConfig } from '#server/env.ts';

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

export interface JobDefinition<Data = Record<string, unknown>> {
  name: string;
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
  /** How often an idle worker asks for work (a wake-up after a send is immediate in its own copy). */
  pollSeconds?: number;
  run(deps: AppDeps, data: Data, job: JobRun): Promise<void>;
}

export function defineJob<Data = Record<string, unknown>>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/** The definition's schedule under this configuration, if it has one. */
export function scheduleOf(definition: Pick<JobDefinition<never>, 'schedule'>, config: AppConfig): JobSchedule | undefined {
  return typeof definition.schedule === 'function' ? definition.schedule(config) : definition.schedule;
}
