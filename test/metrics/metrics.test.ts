// GET /metrics: Prometheus's text format, not public (a bearer token from METRICS_TOKEN, or this
// machine only without one; anyone else gets the ordinary 404), requests by route pattern with
// bounded labels (the public fast path counted too), the snapshot, the last backup and the queues.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppState } from '#server/db/app-state.repository.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';

const TOKEN = 'a-scrape-token-long-enough';

/** The value of one sample line, e.g. sample(text, 'http_requests_total{method="GET",route="/api/shop",status_code="200"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a caller on this machine in the text format, never cached', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toMatch(/^bodyshop_build_info\{version="1\.0\.0",commit="[0-9a-f]*"\} 1$/m);
    expect(sample(res.body, 'bodyshop_public_snapshot_version')).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, 'bodyshop_public_snapshot_rebuild_seconds')).toBeGreaterThan(0);
    expect(sample(res.body, 'bodyshop_public_snapshot_built_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 600);
    // Node's own metrics, from the first scrape on.
    expect(res.body).toContain('process_resident_memory_bytes');
    // The app wires the job and mail queues; no backup was written, and none is made up as a zero.
    expect(sample(res.body, 'bodyshop_jobs_failed')).toBe(0);
    expect(sample(res.body, 'bodyshop_mail_failed')).toBe(0);
    expect(res.body).not.toMatch(/^bodyshop_backup_last_timestamp_seconds\{/m);
  });

  it('is an ordinary 404 for another machine, and for a request a proxy forwarded', async () => {
    const unknown = await t.app.inject({ url: '/no-such-path', remoteAddress: '10.0.0.7' });
    for (const res of [
      await t.app.inject({ url: '/metrics', remoteAddress: '10.0.0.7' }),
      await t.app.inject({ url: '/metrics', remoteAddress: '192.168.1.20', headers: { authorization: `Bearer ${TOKEN}` } }),
      await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await t.app.inject({ url: '/metrics', headers: { forwarded: 'for=203.0.113.9' } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.body).not.toContain('http_requests_total');
    }
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('counts requests by route pattern: ids, unknown paths, files and tRPC calls do not make new labels', async () => {
    for (const url of ['/api/galleries/999991', '/api/galleries/999992', '/nope-1', '/nope-2', '/media/img/none.webp', '/assets/x.js']) {
      await t.app.inject({ url });
    }
    await t.app.inject({ url: '/trpc/shop.get' });
    await t.app.inject({ url: '/trpc/nothing.here' });
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/galleries/:id",status_code="404"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="(unrouted)",status_code="404"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_requests_total{method="GET",route="(static files)",status_code="404"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/trpc/shop.get",status_code="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/trpc/:path",status_code="404"}')).toBe(1);
    expect(text).not.toMatch(/route="[^"]*(?:999991|nope|none\.webp|nothing)/);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/galleries/:id"}')).toBe(2);
  });

  it("reports what the queues' probes say, and the last scheduled backup", async () => {
    const appProbes = t.deps.probes;
    t.deps.probes = {
      queue: async () => ({ queued: 3, active: 1, failed: 2 }),
      mail: async () => ({ sent: 40, failed: 1, queued: 0 }),
    };
    const record = { takenAt: '2026-11-26T03:00:00.000Z', sizeBytes: 123456, storedIn: 'folder', name: 'b', location: '/x/b' };
    await setAppState(t.deps.db, 'backup.last', JSON.stringify(record));
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'bodyshop_jobs_queued')).toBe(3);
    expect(sample(text, 'bodyshop_jobs_active')).toBe(1);
    expect(sample(text, 'bodyshop_jobs_failed')).toBe(2);
    expect(sample(text, 'bodyshop_mail_sent')).toBe(40);
    expect(sample(text, 'bodyshop_mail_failed')).toBe(1);
    expect(sample(text, 'bodyshop_mail_queued')).toBe(0);
    expect(sample(text, 'bodyshop_backup_last_timestamp_seconds{stored_in="folder"}')).toBe(Date.parse(record.takenAt) / 1000);
    expect(sample(text, 'bodyshop_backup_last_size_bytes{stored_in="folder"}')).toBe(123456);

    // A probe that fails leaves the scrape standing.
    t.deps.probes.queue = async () => {
      throw new Error('database down');
    };
    const failing = await t.app.inject({ url: '/metrics' });
    expect(failing.statusCode).toBe(200);
    expect(sample(failing.body, 'bodyshop_jobs_queued')).toBeNaN();
    t.deps.probes = appProbes;
  });

  it('counts the public reads the fast path answers before Fastify', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = (await t.app.inject({ url: '/metrics' })).body;
    const count = (text: string) => sample(text, 'http_requests_total{method="GET",route="/api/shop",status_code="200"}') ?? 0;
    // The first request passes through Fastify (it lends the fast path its security headers); the rest are fast.
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${port}/api/shop`)).status).toBe(200);
    const after = (await t.app.inject({ url: '/metrics' })).body;
    expect(count(after) - count(before)).toBe(3);
    expect(t.app.publicReadCounts.get('/api/shop 200')).toBeGreaterThanOrEqual(2);
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the bearer token, from anywhere, and is an ordinary 404 without it', async () => {
    const unknown = await t.app.inject({ url: '/no-such-path' });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    const remote = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.0.0.7',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['cache-control']).toBe('no-store');
    expect(remote.body).toContain('http_requests_total');
  });
});
