/**
 * Load: 200 connections for 60 s on the built site, a mix of public reads (a widget, a gallery,
 * the testimonials, the home page HTML) and an admin's signed-in writes through the REST paths
 * (a widget's text and a testimonial, with the session cookie and the X-XSRF-TOKEN header): 190
 * connections read, 10 write. Every answer must be a 200: no error, no timeout, no other status.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiClient } from '../e2e/support/api.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';

const CONNECTIONS = 200;
const WRITE_CONNECTIONS = 10;
const READ_CONNECTIONS = CONNECTIONS - WRITE_CONNECTIONS;
const SECONDS = 60;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate') });
});

afterAll(async () => {
  await server?.stop();
});

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

test(
  `${CONNECTIONS} connections for ${SECONDS} s of public reads and signed-in writes: every answer a 200`,
  { timeout: 150_000 },
  async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login(server.adminEmail, server.adminPassword);
    const galleryId = (await admin.expect('GET', '/api/galleries?hidden=false', [200])).body.results[0].id as number;
    const widget = ((await admin.expect('GET', '/api/widgets', [200])).body.results as { id: number; name: string; type: string }[]).find(
      (w) => w.type === 'TEXT',
    )!;
    const testimonial = (await admin.expect('POST', '/api/testimonials', [201], { name: 'Load Tester', score: 5, review: '<p>First.</p>' }))
      .body as { id: number };
    // The signed-in requests carry what a browser sends: the session and XSRF cookies, the token echoed.
    const writeHeaders = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(admin.jar.get('XSRF-TOKEN')!),
    };
    const json = { accept: 'application/json' };
    const reads: autocannon.Request[] = [
      { method: 'GET', path: `/api/widgets/${widget.name}`, headers: json },
      { method: 'GET', path: `/api/galleries/${galleryId}`, headers: json },
      { method: 'GET', path: '/api/testimonials?page=0', headers: json },
      { method: 'GET', path: '/', headers: { accept: 'text/html' } },
    ];
    let written = 0; // numbers each write's text
    const writes: autocannon.Request[] = [
      {
        method: 'POST',
        path: `/api/widgets/${widget.id}`,
        headers: writeHeaders,
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ html: `<p>Load write ${++written}</p>` }) }),
      },
      {
        method: 'POST',
        path: `/api/testimonials/${testimonial.id}`,
        headers: writeHeaders,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ name: 'Load Tester', score: 4, review: `<p>Review ${++written}</p>` }),
        }),
      },
    ];
    // Most visitors read while a few signed-in people write: the write connections run their own
    // loop, so a read never queues behind a write (on the embedded database writes run one at a
    // time) and each kind's latency is its own.
    const run = (connections: number, requests: autocannon.Request[], statuses: Map<number, number>) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { url: server.baseUrl, connections, duration: SECONDS, requests, timeout: 10 },
          (error: Error | null, finished) => (error ? reject(error) : resolve(finished)),
        );
        instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
      });
    const readStatuses = new Map<number, number>();
    const writeStatuses = new Map<number, number>();
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 1000);
    const [readResult, writeResult] = await Promise.all([
      run(READ_CONNECTIONS, reads, readStatuses),
      run(WRITE_CONNECTIONS, writes, writeStatuses),
    ]);
    clearInterval(sampler);
    const rssAfter = rssMb(server.pid);

    const describe = (label: string, result: autocannon.Result, statuses: Map<number, number>) =>
      `${label}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, ` +
      `statuses ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`;
    console.log(
      `load: ${CONNECTIONS} connections for ${SECONDS} s; ` +
        `${Math.round(readResult.requests.average + writeResult.requests.average)} req/s in all; ` +
        `${describe(`public reads (${READ_CONNECTIONS} connections)`, readResult, readStatuses)}; ` +
        `${describe(`signed-in writes (${WRITE_CONNECTIONS} connections)`, writeResult, writeStatuses)}; ` +
        `server RSS peak ${peakRss.toFixed(0)} MB, after ${rssAfter.toFixed(0)} MB`,
    );

    for (const result of [readResult, writeResult]) {
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
    }
    expect([...readStatuses.keys()]).toEqual([200]);
    expect([...writeStatuses.keys()]).toEqual([200]);
    expect(writeStatuses.get(200)).toBeGreaterThan(100);

    // The site is still whole: the last writes stand, the home page still renders.
    const last = await admin.expect('GET', `/api/testimonials/${testimonial.id}`, [200]);
    expect(last.body.review).toMatch(/^<p>Review \d+<\/p>$/);
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
  },
);
