/**
 * GET /metrics in Prometheus's text format (prom-client, on a registry of this app's own, never
 * the global default): requests by route pattern (Fastify's, so the label set stays bounded) and
 * their durations, the public snapshot's version and last rebuild, the last scheduled backup,
 * the job and mail queues when their probes are wired (AppDeps.probes), and Node's own process
 * metrics (from the first scrape on).
 *
 * Not public: with METRICS_TOKEN it asks for `Authorization: Bearer <token>`; without one it
 * answers only a caller on this machine that came through no proxy (no X-Forwarded-For or
 * Forwarded header). Anyone else gets the site's ordinary 404, as for a path that does not exist.
 * docs/decisions/scheduled-backups-and-metrics.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '#server/app-deps.ts';
import { readBackupHistory } from '#server/backup/scheduled-backup.ts';
import { isStaticPath } from '#server/static-paths.ts';
import { buildInfo } from '#server/system/build-info.ts';
import type { PublicReadCounts } from '#server/public-content/public-fast-path.ts';
import type { MailStats, QueueStats } from './probes.ts';

export const METRICS_PATH = '/metrics';
const PREFIX = 'bodyshop_';

/** Requests Fastify could not route (404s, and pages the client routes): one label, whatever the URL. */
export const UNROUTED = '(unrouted)';
export const STATIC_FILES = '(static files)';

/** A gauge whose value is read from `read` at each scrape; NaN when the read fails. */
function gaugeFrom(registry: Registry, name: string, help: string, read: () => Promise<number> | number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch {
        this.set(Number.NaN);
      }
    },
  });
}

/** Gauges of the job queue, read through `provider` at each scrape (one call per scrape). */
export function registerQueueMetrics(registry: Registry, provider: () => Promise<QueueStats>): void {
  const latest = cachedPerScrape(provider);
  gaugeFrom(registry, `${PREFIX}jobs_queued`, 'Background jobs waiting to run.', async () => (await latest()).queued);
  gaugeFrom(registry, `${PREFIX}jobs_active`, 'Background jobs running now.', async () => (await latest()).active);
  gaugeFrom(
    registry,
    `${PREFIX}jobs_failed`,
    'Background jobs that failed for good, as the queue keeps them.',
    async () => (await latest()).failed,
  );
}

/** Gauges of the mail queue, read through `provider` at each scrape. */
export function registerMailMetrics(registry: Registry, provider: () => Promise<MailStats>): void {
  const latest = cachedPerScrape(provider);
  gaugeFrom(registry, `${PREFIX}mail_sent`, 'E-mails sent, as the mail queue keeps them.', async () => (await latest()).sent);
  gaugeFrom(
    registry,
    `${PREFIX}mail_failed`,
    'E-mails that could not be sent, as the mail queue keeps them.',
    async () => (await latest()).failed,
  );
  gaugeFrom(registry, `${PREFIX}mail_queued`, 'E-mails waiting to be sent.', async () => (await latest()).queued);
}

/** The gauges of one provider are collected together (prom-client collects in parallel): they share the call in flight. */
function cachedPerScrape<T>(provider: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= provider().finally(() => {
      pending = undefined;
    }));
}

export interface SiteMetrics {
  registry: Registry;
  /** Counts a request Fastify answered, with its duration. */
  observe(method: string, route: string, statusCode: number, seconds: number): void;
}

export function createSiteMetrics(
  deps: Pick<AppDeps, 'db' | 'publicContent'>,
  publicReadCounts: () => PublicReadCounts | undefined,
): SiteMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (public reads the fast path answers included).',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
    collect() {
      // The fast path keeps plain counts (public-fast-path.ts); what grew since the last scrape is added here.
      for (const [key, count] of publicReadCounts() ?? []) {
        const delta = count - (countedFast.get(key) ?? 0);
        if (delta <= 0) continue;
        countedFast.set(key, count);
        const space = key.lastIndexOf(' ');
        this.inc({ method: 'GET', route: key.slice(0, space), status_code: key.slice(space + 1) }, delta);
      }
    },
  });
  const countedFast = new Map<string, number>();
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request through Fastify, by method and route pattern (the fast path is counted, not timed).',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const { version, commit } = buildInfo();
  new Gauge({
    name: `${PREFIX}build_info`,
    help: 'The running version (package.json) and git commit of the build; always 1.',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
  }).set({ version, commit: commit ?? '' }, 1);

  const snapshot = () => deps.publicContent.current();
  gaugeFrom(registry, `${PREFIX}public_snapshot_version`, 'Version of the public content snapshot (one more per rebuild).', () => {
    return snapshot()?.version ?? 0;
  });
  gaugeFrom(registry, `${PREFIX}public_snapshot_built_timestamp_seconds`, 'When the public content snapshot was last rebuilt.', () => {
    return (snapshot()?.builtAt.getTime() ?? 0) / 1000;
  });
  gaugeFrom(
    registry,
    `${PREFIX}public_snapshot_rebuild_seconds`,
    'How long the last rebuild of the public content snapshot took.',
    () => deps.publicContent.lastBuildMs / 1000,
  );
  let countedFailedBuilds = 0;
  new Counter({
    name: `${PREFIX}public_snapshot_failed_rebuilds_total`,
    help: 'Rebuilds of the public content snapshot that failed (the last good one is served).',
    registers: [registry],
    collect() {
      const failed = deps.publicContent.failedBuilds;
      if (failed > countedFailedBuilds) this.inc(failed - countedFailedBuilds);
      countedFailedBuilds = failed;
    },
  });

  const backupLabels = ['stored_in'] as const;
  const history = cachedPerScrape(() => readBackupHistory(deps.db));
  new Gauge({
    name: `${PREFIX}backup_last_timestamp_seconds`,
    help: 'When the last scheduled backup was written, by where it is stored (absent until one is).',
    labelNames: backupLabels,
    registers: [registry],
    async collect() {
      this.reset();
      const last = (await history().catch(() => undefined))?.last;
      if (last) this.set({ stored_in: last.storedIn }, Date.parse(last.takenAt) / 1000);
    },
  });
  new Gauge({
    name: `${PREFIX}backup_last_size_bytes`,
    help: 'Size of the last scheduled backup (absent until one is written).',
    labelNames: backupLabels,
    registers: [registry],
    async collect() {
      this.reset();
      const last = (await history().catch(() => undefined))?.last;
      if (last) this.set({ stored_in: last.storedIn }, last.sizeBytes);
    },
  });

  return {
    registry,
    observe(method, route, statusCode, seconds) {
      requests.inc({ method, route, status_code: String(statusCode) });
      durations.observe({ method, route }, seconds);
    },
  };
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * With a token: the bearer token, compared in constant time (as hashes, so its length does not
 * show either). Without: a caller on this machine whose request no proxy forwarded: a proxy on the
 * same machine would otherwise make every visitor look local.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`));
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** The route label of a request: Fastify's pattern; one tRPC procedure by name; files and unrouted paths folded into one each. */
function routeLabel(request: FastifyRequest, procedures: ReadonlySet<string>): string {
  const pattern = request.routeOptions.url;
  if (pattern === '/trpc/:path') {
    const name = request.url.slice('/trpc/'.length).split('?')[0]!;
    return procedures.has(name) ? `/trpc/${name}` : name.includes(',') ? '/trpc/(batch)' : pattern;
  }
  if (pattern === undefined) return isStaticPath(request.url) ? STATIC_FILES : UNROUTED;
  return isStaticPath(pattern) ? STATIC_FILES : pattern;
}

/**
 * Counts every request Fastify answers and serves GET /metrics. `procedures`: the tRPC procedure
 * names, so a single call is labelled by its procedure and anything else stays one label.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps, procedures: Iterable<string>): SiteMetrics {
  const metrics = createSiteMetrics(deps, () => (app.hasDecorator('publicReadCounts') ? app.publicReadCounts : undefined));
  const known = new Set(procedures);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, routeLabel(request, known), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  let wired = { defaults: false, queue: false, mail: false };
  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayReadMetrics(request, deps.config.metricsToken)) return reply.callNotFound();
    // Registered on the first scrape: a site nobody scrapes keeps no event-loop monitor or GC observer.
    if (!wired.defaults) collectDefaultMetrics({ register: metrics.registry });
    const probes = deps.probes;
    if (probes?.queue && !wired.queue) registerQueueMetrics(metrics.registry, () => deps.probes!.queue!());
    if (probes?.mail && !wired.mail) registerMailMetrics(metrics.registry, () => deps.probes!.mail!());
    wired = { defaults: true, queue: wired.queue || Boolean(probes?.queue), mail: wired.mail || Boolean(probes?.mail) };
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
  return metrics;
}
