// The security review's year-9999 request on a real built server and PostgreSQL: before the fix
// `GET /api/booking-types/1/availability?from=9999-12-31&to=9999-12-31` walked days forever (past
// 9999-12-31 an ISO date sorts before "9999") until the process ran out of memory, and /healthz
// stopped answering. Now it, and the other dates no field holds, answer a 422 within a second while
// /healthz keeps answering 200. PostgreSQL only: without TEST_DATABASE_URL this file says so and skips.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.log('far-dates.test.ts: needs TEST_DATABASE_URL (the hang was PostgreSQL’s); skipped');

let server: RunningServer;

beforeAll(async () => {
  if (!hasPostgres) return;
  server = await startServer({ appRoot: inject('e2eAppRoot'), template: inject('e2eTemplate') });
});
afterAll(async () => {
  await server?.stop();
});

/** The server process's resident memory in MiB (Linux). */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One GET bounded in time: a request that outlives `ms` is a failure, never a wait. */
async function timedGet(url: string, ms: number): Promise<{ status: number; ms: number; body: string }> {
  const started = Date.now();
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(ms) });
  return { status: response.status, body: await response.text(), ms: Date.now() - started };
}

describe.skipIf(!hasPostgres)('dates no field holds, on PostgreSQL', () => {
  it('answers the year-9999 availability request with a 422 within a second, /healthz 200 during and after', async () => {
    const types = (await (await fetch(`${server.baseUrl}/api/booking-types`)).json()) as { data: { id: number }[] };
    const typeId = types.data[0]!.id;
    const memoryBefore = await residentMiB(server.pid);
    const ranges = [
      ['9999-12-31', '9999-12-31'],
      ['9999-12-30', '9999-12-31'],
      ['0000-01-01', '0000-01-01'],
      ['10000-01-01', '10000-01-01'],
      ['+010000-01-01', '+010000-01-01'],
    ];
    // Each far-date request goes out alongside a health check; both must answer promptly.
    for (const [from, to] of ranges) {
      const url = `${server.baseUrl}/api/booking-types/${typeId}/availability?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`;
      const [availability, health] = await Promise.all([timedGet(url, 1000), timedGet(`${server.baseUrl}/healthz`, 2000)]);
      console.log(
        `far dates: ${from}…${to} → ${availability.status} in ${availability.ms} ms; /healthz ${health.status} in ${health.ms} ms`,
      );
      expect(availability.status, availability.body).toBe(422);
      expect(Object.keys((JSON.parse(availability.body) as { errors: object }).errors)).toContain('from');
      expect(availability.ms).toBeLessThan(1000);
      expect(health.status).toBe(200);
    }
    // Twenty at once, as an attacker would send them: still prompt, and the site still healthy.
    const url = `${server.baseUrl}/api/booking-types/${typeId}/availability?from=9999-12-31&to=9999-12-31`;
    const burst = await Promise.all(Array.from({ length: 20 }, () => timedGet(url, 5000)));
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 422));
    const after = await timedGet(`${server.baseUrl}/healthz`, 1000);
    expect(after.status).toBe(200);
    const memoryAfter = await residentMiB(server.pid);
    console.log(`far dates: server RSS ${memoryBefore.toFixed(0)} MiB before, ${memoryAfter.toFixed(0)} MiB after`);
    expect(memoryAfter - memoryBefore).toBeLessThan(200);
  }, 60_000);
});
