/**
 * PostgreSQL restarted under load, on a throwaway cluster of this file's own (never the shared
 * one on 5432): readers and signed-in writers keep going while the database is stopped for 3 s,
 * first cleanly (pg_ctl -m fast), then as a crash (-m immediate). While it is down, a request that
 * needs the database answers 503 `{"message": …}` (never a 500, never the driver's words); public
 * reads from the in-memory snapshot may keep answering 200. Once it is back the site recovers by
 * itself, without a restart, within 5 s; no acknowledged write is lost.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { signInClients } from './support/sign-in.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { canRunOwnPostgres, createOwnPostgres, type OwnPostgres } from './support/own-postgres.ts';

const OUTAGE_MS = 3000;
const RECOVERY_LIMIT_S = 5;
const WRITERS = 4;
const READERS = 8;

const missingTools = canRunOwnPostgres();
let database: OwnPostgres | undefined;
let server: RunningServer | undefined;

beforeAll(async () => {
  if (missingTools) return;
  database = await createOwnPostgres();
  server = await startServer({ appRoot: inject('e2eAppRoot'), databaseUrl: database.url });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

interface Tally {
  statuses: Map<string, number>;
  /** Answers that break the contract (a 500, a 503 with another body, a dropped connection). */
  wrong: string[];
}

function record(tally: Tally, label: string, status: number, text: string): void {
  const key = `${label} ${status}`;
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
  if (status === 200 || status === 201) return;
  if (status === 503 && text === JSON.stringify({ message: ERROR_MESSAGES.unavailable })) return;
  if (tally.wrong.length < 20) tally.wrong.push(`${label}: ${status} ${text.slice(0, 200)}`);
}

test(
  'PostgreSQL stopped and started under load: 503 while it is down, back by itself within 5 s, no acknowledged write lost',
  { timeout: 240_000 },
  async (context) => {
    if (missingTools) {
      console.log(`postgres outage: skipped, ${missingTools}`);
      context.skip();
    }
    const site = server!;
    const tally: Tally = { statuses: new Map(), wrong: [] };
    const acknowledged = new Map<number, string>();
    const recoveries: string[] = [];

    const writers = await signInClients(site, WRITERS);
    const galleryId = (await writers[0]!.expect('GET', '/api/galleries?hidden=false', [200])).body.results[0].id as number;
    let running = true;
    const load = [
      ...writers.map(async (client, writer) => {
        for (let n = 0; running; n++) {
          const name = `Outage w${writer} n${n}`;
          try {
            const response = await client.request('POST', '/api/testimonials', { name, score: 5, review: `<p>${name}</p>` });
            if (response.status === 201) acknowledged.set(Number(response.body.id), name);
            record(tally, 'signed-in write', response.status, response.text);
            // A signed-in read needs the database (the session) too.
            const read = await client.request('GET', '/api/user');
            record(tally, 'signed-in read', read.status, read.text);
          } catch (error) {
            record(tally, 'signed-in write', 0, `no answer: ${(error as Error).message}`);
          }
          if (tally.wrong.length) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
      ...Array.from({ length: READERS }, async (_, reader) => {
        const paths = ['/api/widgets/HomeText1', `/api/galleries/${galleryId}`, '/api/testimonials?page=0', '/'];
        for (let n = 0; running; n++) {
          const url = paths[(n + reader) % paths.length]!;
          try {
            const response = await fetch(`${site.baseUrl}${url}`, { headers: { accept: url === '/' ? 'text/html' : 'application/json' } });
            record(tally, `public ${url}`, response.status, await response.text());
          } catch (error) {
            record(tally, `public ${url}`, 0, `no answer: ${(error as Error).message}`);
          }
        }
      }),
    ];

    const probeAnswers: string[] = [];
    const probe = async () => {
      const client = writers[0]!;
      const response = await client.request('GET', '/api/user').catch((error: Error) => ({ status: 0, text: error.message }));
      if (probeAnswers.length < 200) probeAnswers.push(`${response.status} ${response.text.slice(0, 120)}`);
      return response.status;
    };

    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const mode of ['fast', 'immediate'] as const) {
        const before = acknowledged.size;
        await database!.stop(mode);
        const downAt = Date.now();
        // While it is down the site still answers, with 503 where it needs the database.
        let sawUnavailable = false;
        while (Date.now() - downAt < OUTAGE_MS) {
          if ((await probe()) === 503) sawUnavailable = true;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(
          sawUnavailable,
          `${mode} stop: a request that needs the database answered 503 (answers: ${[...new Set(probeAnswers)].join(' | ')})`,
        ).toBe(true);
        await database!.start();
        const upAt = Date.now();
        while ((await probe()) !== 200) {
          if (Date.now() - upAt > 30_000) throw new Error(`${mode} stop: the site did not recover within 30 s of the database coming back`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const recovery = (Date.now() - upAt) / 1000;
        recoveries.push(`${mode} stop: recovered ${recovery.toFixed(2)} s after the database came back`);
        expect(recovery, `${mode} stop: recovery time`).toBeLessThanOrEqual(RECOVERY_LIMIT_S);
        // Writes are acknowledged again.
        const resumed = acknowledged.size;
        const deadline = Date.now() + 10_000;
        while (acknowledged.size === resumed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(acknowledged.size, `${mode} stop: writes resume`).toBeGreaterThan(resumed);
        expect(acknowledged.size).toBeGreaterThan(before);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    const stored = new Map<number, string>();
    for (let page = 0; ; page++) {
      const { body } = await writers[0]!.expect('GET', `/api/testimonials?limit=100&page=${page}`, [200]);
      for (const t of body.results as { id: number; name: string }[]) stored.set(t.id, t.name);
      if (body.results.length < 100) break;
    }
    const lost = [...acknowledged].filter(([id, name]) => stored.get(id) !== name);
    const statusList = [...tally.statuses].map(([key, count]) => `${key}: ${count}`).join(', ');
    console.log(
      `postgres outage: ${recoveries.join('; ')}; ${acknowledged.size} writes acknowledged, ${lost.length} lost; answers ${statusList}`,
    );
    expect(tally.wrong).toEqual([]);
    expect(lost).toEqual([]);
  },
);
