/**
 * The app's long-lived dependencies, built once by buildApp (app.ts) and handed to every service.
 * Services take these (or a Pick of them) and plain values; never a request or a reply.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/load-config.ts';
import type { Database } from './db/types.ts';
import type { RateLimiter } from './auth/rate-limiter.ts';
import type { FileStorage } from './files/storage.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PublicSnapshotStore } from './public-content/public-snapshot.ts';
import type { OperationalProbes } from './metrics/probes.ts';
import type { JobQueue } from './jobs/job-queue.ts';

export interface AppDeps {
  db: Kysely<Database>;
  config: AppConfig;
  storage: FileStorage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** The public content in memory (public-content/): public reads come from it. */
  publicContent: PublicSnapshotStore;
  /** The job queue (jobs/): e-mails, sweeps and every other piece of background work. */
  jobs: JobQueue;
  /** How the job and mail queues are doing, for /metrics and the System screen. */
  probes?: OperationalProbes;
}
