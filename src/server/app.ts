/**
 * buildApp: assembles the Fastify server from an opened database and a validated config, with
 * plugins in a fixed order: security headers, compression, cookies, body parsers, the CSRF and
 * session hooks, tRPC at /trpc, the REST paths, health, media and the built client. It does not
 * listen, migrate or seed (main.ts does), so tests build it around their own database.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from './env.ts';
import { isDatabaseUp, type DatabaseHandle } from './db/database.ts';
import type { AppDeps } from './app-deps.ts';
import { createRequestContext } from './context.ts';
import { appRouter, type AppRouter } from './router.ts';
import { contentTypeOf, openFileStorage, removeStaleTempFiles, type FileStorage } from './files/storage.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './files/orphan-sweep.ts';
import { backfillMediumVariants } from './images/medium-backfill.ts';
import { deleteExpiredQuotePhotos } from './quotes/quotes.service.ts';
import { registerQuotePhotoRoute } from './quotes/quote-photo.route.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createDatabaseRateLimiter, createMemoryRateLimiter, type RateLimiter } from './auth/rate-limiter.ts';
import { findValidSession, isXsrfTokenValid, SESSION_COOKIE, XSRF_HEADER } from './auth/sessions.ts';
import { deleteExpiredSessions } from './auth/sessions.repository.ts';
import { AppError } from './errors.ts';
import { restPlugin } from './rest/rest-plugin.ts';
import { refuseBatchedSessionMutations, TRPC_MAX_BATCH_SIZE } from './trpc-batching.ts';
import { sendRestError } from './rest/error-response.ts';
import { buildOpenApiDocument } from './rest/openapi.ts';
import { registerApiDocs } from './rest/api-docs.ts';
import { registerCvDownloadRoute } from './users/cv-download.route.ts';
import { INTERNAL_BACKUP_PATH, registerInternalBackupRoute } from './backup/internal-backup.route.ts';
import { clientDistDir } from './paths.ts';
import { isStaticPath } from './static-paths.ts';
import { RequestLogController } from './logger.ts';
import { enforceMinimumUploadRate, HTTP_LIMITS, UploadSlots, type HttpLimits } from './http-limits.ts';
import { BackgroundTasks } from './background.ts';
import { PublicSnapshotStore } from './public-content/public-snapshot.ts';
import { PublicSnapshotSync } from './public-content/snapshot-sync.ts';
import { loadPublicContent } from './public-content/public-content.service.ts';
import { registerCrawlerFiles } from './public-content/crawler-files.ts';
import { createPublicReadFastPath, serverWithPublicReadFastPath, type PublicReadAnswerer } from './public-content/public-read.route.ts';
import { PageShell, sendPage } from './public-content/page-shell.ts';
import { builtPageRenderer } from './public-content/page-renderer.ts';
import { registerMetrics } from './metrics/metrics.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A percent-encoded header value, or '' when it is not valid percent-encoding (a 419, not a 500). */
function decodeHeader(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
/** Writes that can change public content: the content areas' REST paths and tRPC procedures. */
const CONTENT_WRITE_PATH =
  /^\/(?:api\/(?:widgets|galleries|galleriesimages|testimonials|shop)\b|trpc\/[^?]*\b(?:widgets|galleries|testimonials|shop)\.)/;

/**
 * /media from a bucket: the same URLs and the same immutable caching as from the disk, streamed
 * through this server, or a redirect to S3_PUBLIC_URL when the bucket is public.
 */
function registerBucketMedia(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const name = request.params['*'];
    if (!/^[A-Za-z0-9._/-]+$/.test(name) || name.includes('..')) return reply.callNotFound();
    const key = `public/${name}`;
    const direct = storage.directPublicUrl(key);
    if (direct) return reply.header('cache-control', 'public, max-age=31536000, immutable').redirect(direct, 302);
    let stream;
    try {
      stream = await storage.openRead(key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reply.callNotFound();
      // Registered before the app's error handler: a failing bucket's 503 is answered here.
      return sendRestError(reply, error, request.log);
    }
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(contentTypeOf(key)).send(stream);
  });
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
  // Public reads are answered by the HTTP server before Fastify once the app is built (public-read.route.ts).
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
    background: new BackgroundTasks(app.log),
  };
  await deps.publicContent.refresh();
  // Several copies on one PostgreSQL rebuild each other's snapshots (snapshot-sync.ts).
  const snapshotSync =
    database.engine === 'postgres'
      ? new PublicSnapshotSync({ db: deps.db, store: deps.publicContent, log: app.log, databaseUrl: config.databaseUrl })
      : undefined;
  await snapshotSync?.start();
  app.decorate('deps', deps);
  registerMetrics(app, deps, Object.keys(appRouter._def.procedures));
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionRow', null);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('restStatus', undefined);

  const hasClient = existsSync(path.join(clientDistDir, 'index.html'));
  const pageShell = hasClient ? new PageShell(clientDistDir, config, builtPageRenderer(), app.log) : undefined;
  const publicPage = pageShell && ((url: string) => pageShell.renderPublicPage(url, deps.publicContent.current()));
  fastPath.answer = await createPublicReadFastPath(app, deps, publicPage, async () => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The rich-text editor and text alignment write inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Video widgets embed YouTube or Vimeo; the contact page embeds an OpenStreetMap map.
          frameSrc: [
            'https://www.youtube.com',
            'https://www.youtube-nocookie.com',
            'https://player.vimeo.com',
            'https://www.openstreetmap.org',
          ],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.isHttps,
    });
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 256 * 1024 * 1024, files: 5, fields: 50 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // CSRF first (docs/rest-contract.md: 419 before anything else), then the session for everything but files.
  app.addHook('onRequest', async (request, reply) => {
    if (isStaticPath(request.url)) return;
    // The backup route authenticates by its bearer token, not by a cookie: no CSRF to guard against.
    if (options.internalToken && request.url === INTERNAL_BACKUP_PATH) return;
    const token = request.cookies[SESSION_COOKIE] ?? null;
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (!token || !given || !isXsrfTokenValid(config.appKeys, token, decodeHeader(given))) {
        return sendRestError(reply, AppError.csrfMismatch(), request.log);
      }
    }
    request.sessionToken = token;
    if (token) {
      const found = await findValidSession(deps.db, token);
      request.sessionRow = found?.session ?? null;
      request.sessionUser = found?.user ?? null;
    }
  });

  app.addHook('onRequest', refuseBatchedSessionMutations);

  // A committed write to public content is in the snapshot before its response leaves, so the
  // next read shows it; a slow rebuild holds the response at most 2 s (it still lands after).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400 && CONTENT_WRITE_PATH.test(request.url)) {
      const rebuilt = deps.publicContent.refresh().then(() => snapshotSync?.publish());
      await Promise.race([rebuilt, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    }
    return payload;
  });

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

  await app.register(restPlugin, {
    router: appRouter,
    deps,
    uploadSlots: new UploadSlots(limits.concurrentUploadsPerAddress),
  });
  await registerCvDownloadRoute(app, deps);
  await registerQuotePhotoRoute(app, deps);

  // One document for /api/openapi.json and the reference page at /api/docs (rest/api-docs.ts),
  // which third parties read: the page needs it when it registers, so it is built here, once.
  const openApiDocument = buildOpenApiDocument(appRouter, config.appUrl);
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json').send(openApiDocument));
  await registerApiDocs(app, openApiDocument);

  if (options.internalToken) registerInternalBackupRoute(app, deps, database.engine, options.internalToken);

  registerCrawlerFiles(app, deps);

  app.get('/healthz', async (_request, reply) => {
    const up = await isDatabaseUp(deps.db);
    return reply.code(up ? 200 : 503).send(up ? { status: 'ok' } : { status: 'unavailable' });
  });

  // Uploaded images: content-addressed names, so they never change and can be cached for a year.
  if (deps.storage.publicRoot) {
    await app.register(fastifyStatic, {
      root: deps.storage.publicRoot,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  } else {
    registerBucketMedia(app, deps.storage);
  }

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build compressed the scripts and stylesheets once, at the highest levels (scripts/build.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite's hashed bundles never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
        else void reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc/') || url.startsWith('/media/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasClient) {
      return reply.code(404).type('application/json').send({ message: 'Not Found.' });
    }
    // Any other page is the client's to route, from the shell with the page's head and status
    // (404 for an unknown path: the client shows its Not-found page).
    return sendPage(request, reply, await pageShell!.render(url, deps.publicContent.current()));
  });

  const sweep = setInterval(
    () => {
      deleteExpiredSessions(deps.db).catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
      deps.rateLimiter.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
      // Temporary files a failed request could not remove (the process was busy, the disk full).
      removeStaleTempFiles(deps.storage.tmpDir).catch((err: unknown) => app.log.warn({ err }, 'temp sweep failed'));
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  const orphanSweep = setInterval(() => {
    sweepOrphanFiles(deps)
      .then((deleted) => deleted && app.log.info({ deleted }, 'orphan files removed'))
      .catch((err: unknown) => app.log.warn({ err }, 'orphan file sweep failed'));
  }, ORPHAN_MIN_AGE_MS);
  orphanSweep.unref();
  // Photos of quote requests closed longer than QUOTE_PHOTO_RETENTION_DAYS (harmless when copies overlap).
  const quotePhotoSweep = setInterval(() => {
    deleteExpiredQuotePhotos(deps)
      .then((cleared) => cleared && app.log.info({ cleared }, 'quote photos past retention removed'))
      .catch((err: unknown) => app.log.warn({ err }, 'quote photo retention sweep failed'));
  }, ORPHAN_MIN_AGE_MS);
  quotePhotoSweep.unref();
  // Images stored before the medium variant existed get theirs, and the pages then name it.
  let closing = false;
  deps.background.run('medium image variants', async () => {
    const recorded = await backfillMediumVariants(deps, () => closing);
    if (recorded === 0 || closing) return;
    app.log.info({ recorded }, 'medium image variants made');
    await deps.publicContent.refresh();
    await snapshotSync?.publish();
  });

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(orphanSweep);
    clearInterval(quotePhotoSweep);
    closing = true;
    await snapshotSync?.close();
    await deps.background.idle();
    if (options.ownsDatabase) await database.close();
  });

  return app;
}
