/**
 * buildApp: assembles the Fastify server from an opened database and a validated config. It does
 * not listen, migrate or seed (main.ts does), so tests build it around their own database. The
 * plugins (src/server/plugins/, one concern each) are registered below in the order a request
 * meets them; public reads the snapshot answers never reach Fastify (the fast path in front of
 * it, public-content/public-fast-path.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from './config/load-config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { AppDeps } from './app-deps.ts';
import { createRequestContext } from './context.ts';
import { appRouter, type AppRouter } from './router.ts';
import { openFileStorage, type FileStorage } from './files/storage.ts';
import { registerPrivatePhotoRoute } from './files/private-photo.route.ts';
import { registerTrackerPage } from './repair-jobs/tracker-page.route.ts';
import { registerReviewPage } from './reviews/review-page.route.ts';
import { registerInvitationPage } from './users/invitation-page.route.ts';
import { registerEstimatePage } from './estimates/estimate-page.route.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createDatabaseRateLimiter, createMemoryRateLimiter, type RateLimiter } from './auth/rate-limiter.ts';
import { restPlugin } from './rest/rest-plugin.ts';
import { TRPC_MAX_BATCH_SIZE } from './trpc-batching.ts';
import { sendRestError } from './rest/error-response.ts';
import { registerCvDownloadRoute } from './users/cv-download.route.ts';
import { registerStripeWebhookRoute, STRIPE_WEBHOOK_PATH } from './payments/stripe-webhook.route.ts';
import { INTERNAL_BACKUP_PATH, registerInternalBackupRoute } from './backup/internal-backup.route.ts';
import { clientDistDir } from './paths.ts';
import { RequestLogController } from './logger.ts';
import { enforceMinimumUploadRate, HTTP_LIMITS, UploadSlots, type HttpLimits } from './http-limits.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { jobDefinitions } from './jobs/definitions/index.ts';
import { readShop } from './shop/shop.service.ts';
import { registerMetrics } from './metrics/metrics.ts';
import { outgoingMailStats } from './mail/outgoing-mail.service.ts';
import { PublicSnapshotStore } from './public-content/public-snapshot.ts';
import { loadPublicContent } from './public-content/public-content.service.ts';
import { registerCrawlerFiles } from './public-content/crawler-files.ts';
import {
  createPublicReadFastPath,
  serverWithPublicReadFastPath,
  type PublicReadAnswerer,
  type PublicReadCounts,
} from './public-content/public-fast-path.ts';
import { SnapshotAnswers, snapshotRoutes } from './public-content/snapshot-routes.ts';
import { PageShell, type RenderPage } from './public-content/page-shell.ts';
import { builtPageRenderer } from './public-content/page-renderer.ts';
import { nativeFormsPlugin } from './forms/native-forms.plugin.ts';
import { publicSnapshotPlugin } from './plugins/public-snapshot.ts';
import { buildSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { csrfAndSessionPlugin } from './plugins/csrf-and-session.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { healthPlugin } from './plugins/health.ts';
import { mediaPlugin } from './plugins/media.ts';
import { pagesPlugin } from './plugins/pages.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Close the database when the app closes (main.ts); tests keep theirs. */
  ownsDatabase?: boolean;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  /** Logger settings for tests; main.ts passes its own logger instead (`loggerInstance`). */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  /** main.ts listens before the app exists (answering 503 while starting) and hands its server over. */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** Where uploads live, when main.ts has opened and checked it; otherwise opened from the config. */
  storage?: FileStorage;
  /** Enables the loopback-only backup route for the backup CLI (main.ts on PGlite). */
  internalToken?: string;
  /** Tests shorten the time limits (http-limits.ts) to see them work in seconds. */
  httpLimits?: Partial<HttpLimits>;
  /**
   * Job workers, schedules and timers run in this process (default). Tests turn them off and run
   * what is due with `deps.jobs.drain()` (jobs/job-queue.ts).
   */
  runJobs?: boolean;
  /** Another client than dist/ (tests render the screens from the source, as test/public-content does). */
  client?: { dir: string; renderPage?: RenderPage };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function trusting the nearest `hops` addresses:
 * Fastify 5 turns a bare number into "trust nothing", and proxy-addr calls the function with
 * each address and its distance from this server.
 */
function fastifyTrustProxy(trustProxy: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const limits: HttpLimits = { ...HTTP_LIMITS, ...options.httpLimits };
  // Public reads are answered by the HTTP server before Fastify once the app is built (public-fast-path.ts).
  const fastPath: { answer?: PublicReadAnswerer } = {};
  const app: FastifyInstance = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: config.logLevel } }),
    serverFactory: serverWithPublicReadFastPath(
      () => fastPath.answer,
      () => app.log,
      options.serverFactory,
    ),
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is read only from the proxies TRUST_PROXY names (none by default): trusting
    // anyone would let a client choose the address its rate limits and sessions are keyed on.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: false,
    return503OnClosing: true,
    // GET /api/testimonials/ and /api/testimonials are one path (the original client uses both);
    // a tRPC batch names all its procedures in one path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 5000 },
    // Applied here when Fastify makes the server; main.ts's starting gate applies the same (http-limits.ts).
    // A URL the router cannot decode, before any route or hook: the same handler as everything else.
    frameworkErrors: (error, request, reply) => {
      sendRestError(reply, error, request.log);
    },
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
  });
  // First, before any hook, parser or route exists: a route copies the error handler in force when
  // it is registered, so one installed later misses the hooks, body parsers and plugins registered
  // before it (docs/decisions/error-handler-installed-first.md).
  app.setErrorHandler((error, request, reply) => sendRestError(reply, error, request.log));
  enforceMinimumUploadRate(app, limits);

  const deps: AppDeps = {
    db: database.db,
    config,
    storage: options.storage ?? (await openFileStorage(config, app.log)),
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    // Several copies on one PostgreSQL count together in its rate_limits table; the embedded
    // database has one copy, which counts in memory (docs/decisions/atomic-rate-limits.md).
    rateLimiter:
      options.rateLimiter ?? (database.engine === 'postgres' ? createDatabaseRateLimiter(database.db) : createMemoryRateLimiter()),
    log: app.log,
    publicContent: new PublicSnapshotStore(() => loadPublicContent(deps), app.log),
    jobs: new JobQueue({
      database,
      definitions: jobDefinitions,
      log: app.log,
      run: options.runJobs ?? true,
      shopTimeZone: async () => (await readShop(deps)).timeZone,
      publicContentChanged: () => deps.publicContent.refreshAndPublish({ maxWaitMs: Infinity }),
    }),
    // What /metrics and the System screen report of the queues.
    probes: {
      queue: () => deps.jobs.stats(),
      mail: async () => {
        const counts = await outgoingMailStats(deps);
        return { sent: counts.sent, failed: counts.failed, queued: counts.queued };
      },
    },
  };
  app.decorate('deps', deps);
  // A REST success status a procedure chose (context.ts setStatus); the session's fields are the csrf-and-session plugin's.
  app.decorateRequest('restStatus', undefined);
  // onClose hooks run last-registered first: this one runs after every plugin's (the job queue
  // stops, the snapshot sync closes), then the database.
  app.addHook('onClose', async () => {
    if (options.ownsDatabase) await database.close();
  });

  // The public content in memory, built now; with PostgreSQL, kept in step with the other copies.
  await app.register(publicSnapshotPlugin, { deps, engine: database.engine, databaseUrl: config.databaseUrl });

  // Every answer, Fastify's and the fast path's, carries the same security headers, built once.
  const securityHeaders = await buildSecurityHeaders(config);
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 256 * 1024 * 1024, files: 5, fields: 50 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Requests counted for /metrics, by route pattern; the fast path's answers too.
  const publicReadCounts: PublicReadCounts = new Map();
  app.decorate('publicReadCounts', publicReadCounts);
  registerMetrics(app, deps, Object.keys(appRouter._def.procedures));

  // CSRF first (docs/rest-contract.md: 419 before anything else), then the session for everything but files.
  await app.register(csrfAndSessionPlugin, {
    deps,
    signedPaths: [STRIPE_WEBHOOK_PATH],
    ...(options.internalToken ? { bearerTokenPath: INTERNAL_BACKUP_PATH } : {}),
  });

  // The API: tRPC for the client, the same procedures on the REST paths (rest/rest-plugin.ts).
  // A procedure whose meta says it changes public content rebuilds the snapshot itself (trpc.ts).
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req, res }) => createRequestContext(deps, req, res),
      onError: ({ error, path: procedurePath }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error.cause ?? error, procedure: procedurePath }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  const uploadSlots = new UploadSlots(limits.concurrentUploadsPerAddress);
  await app.register(restPlugin, { router: appRouter, deps, uploadSlots });
  await registerCvDownloadRoute(app, deps);
  await registerStripeWebhookRoute(app, deps);
  await registerPrivatePhotoRoute(app, deps);
  await app.register(apiDocsPlugin, { router: appRouter, appUrl: config.appUrl });
  if (options.internalToken) registerInternalBackupRoute(app, deps, database.engine, options.internalToken);

  // Files and pages: robots.txt and sitemap.xml, health, uploaded media, the built client and its pages.
  registerCrawlerFiles(app, deps);
  await app.register(healthPlugin, { deps });
  await app.register(mediaPlugin, { storage: deps.storage, publicContent: deps.publicContent });
  const clientDir = options.client?.dir ?? clientDistDir;
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const pageShell = hasClient ? new PageShell(clientDir, config, options.client?.renderPage ?? builtPageRenderer(), app.log) : undefined;
  await app.register(pagesPlugin, { deps, client: pageShell && { dir: clientDir, pageShell }, router: appRouter });
  // The forms that work without JavaScript (forms/native-forms.plugin.ts).
  await app.register(nativeFormsPlugin, { deps, router: appRouter, pageShell, uploadSlots });
  if (pageShell) {
    registerTrackerPage(app, deps, pageShell);
    registerReviewPage(app, deps, pageShell);
    registerInvitationPage(app, deps, pageShell);
    registerEstimatePage(app, deps, pageShell);
  }

  // Public reads before Fastify: the procedures whose meta says the snapshot answers them, and the public pages.
  fastPath.answer = createPublicReadFastPath({
    store: deps.publicContent,
    answers: new SnapshotAnswers(snapshotRoutes(appRouter)),
    publicPage: pageShell && ((url: string) => pageShell.renderPublicPage(url, deps.publicContent.current())),
    securityHeaders,
    log: app.log,
    counts: publicReadCounts,
  });

  // Sweeps, the medium-image backfill and every e-mail run from the job queue (jobs/); registered
  // last, its onClose runs first: running jobs finish or go back to the queue before anything closes.
  await deps.jobs.start(deps);
  app.addHook('onClose', () => deps.jobs.stop());
  return app;
}
