/**
 * Builds the real app around a fresh test database and a temporary DATA_DIR. Nothing is mocked:
 * mail goes to the outbox folder (or to SMTP when a test passes smtpUrl) through the job queue, files to DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '#server/config/load-config.ts';
import { isDatabaseUp } from '#server/db/database.ts';
import { buildApp, type BuildAppOptions } from '#server/app.ts';
import type { AppDeps } from '#server/app-deps.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { prepareStorage } from '#server/files/storage.ts';
import type { HttpLimits } from '#server/http-limits.ts';
import { createTestDatabase } from './database.ts';
import { takeFixtureWrites } from './fixture-writes.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: AppConfig;
  database: DatabaseHandle;
  dataDir: string;
  /**
   * Runs the jobs queued so far (their mails), as after each request: the HTTP door (app.inject)
   * and the tRPC caller (factories.ts callerFor) both call it. Nothing when drainJobsPerRequest is off.
   */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * The public snapshot is what the app's writes refresh (a procedure's meta, an upload route's
   * declaration): the test app does not refresh it for them, so a content write that does not
   * declare itself fails its test. By default it refreshes it before a request only when a content
   * factory (test/support/factories.ts) wrote to the database since the last request: fixtures are
   * written behind the app's back. `false`: never (the snapshot's own tests refresh by hand);
   * `true`: before every request (a test that writes content straight into the database).
   */
  refreshSnapshotPerRequest?: boolean;
  /** Shorter time limits (http-limits.ts), for the tests of the limits themselves. */
  httpLimits?: Partial<HttpLimits>;
  /**
   * Each request runs the jobs it queued (its mails) before its answer reaches the test (default).
   * The mail queue's own tests turn this off to time the answer alone and drain when they choose.
   */
  drainJobsPerRequest?: boolean;
  /**
   * The job workers and schedules run as on the site (off by default): a test of how fast queued
   * work goes by itself (held mails released together). Pair it with drainJobsPerRequest: false.
   */
  runJobs?: boolean;
  /** A client to render pages with (BuildAppOptions.client): the native form tests render the screens from the source. */
  client?: BuildAppOptions['client'];
  /** The app's logger (BuildAppOptions.loggerInstance): a test that reads what the app logs passes one writing to a stream of its own. */
  loggerInstance?: BuildAppOptions['loggerInstance'];
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-test-'));
  // PWNED_PASSWORDS_URL off: no test reaches the internet (the breach check's tests pass a local server).
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', PWNED_PASSWORDS_URL: '', ...env });
  await prepareStorage(dataDir);
  const database = await createTestDatabase();
  // No job workers or schedules: each request runs what it queued before the test looks (below).
  const app = await buildApp({
    config,
    database,
    runJobs: options.runJobs ?? false,
    ...(options.httpLimits ? { httpLimits: options.httpLimits } : {}),
    ...(options.client ? { client: options.client } : {}),
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : {}),
  });
  await app.ready();
  const drainJobs = async () => {
    if (!(options.drainJobsPerRequest ?? true)) return;
    // A test that took the database away (an outage) has nothing to drain.
    await app.deps.jobs.drain().catch(async (err: unknown) => {
      if (await isDatabaseUp(app.deps.db)) throw err;
    });
  };
  {
    // Jobs a request queued (its mails) have run before the test looks (jobs/job-queue.ts drain).
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    app.inject = (async (injectOptions: InjectOptions) => {
      const response = await inject(injectOptions);
      await drainJobs();
      return response;
    }) as typeof app.inject;
  }
  if (options.refreshSnapshotPerRequest !== false) {
    // Before the app sees the request.
    const everyRequest = options.refreshSnapshotPerRequest === true;
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    app.inject = (async (injectOptions: InjectOptions) => {
      if (takeFixtureWrites(app.deps.db) || everyRequest) await app.deps.publicContent.refresh();
      return inject(injectOptions);
    }) as typeof app.inject;
  }
  return {
    app,
    deps: app.deps,
    config,
    database,
    dataDir,
    drainJobs,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
