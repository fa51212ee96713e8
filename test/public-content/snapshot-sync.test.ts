// Two copies of the app on one PostgreSQL: a change committed through one is in the other's public
// snapshot within a second (LISTEN/NOTIFY), and a missed notification is caught by the version
// check. PostgreSQL only (PGlite is one process; there nothing changes).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminQuery } from '#test/support/database.ts';
import { TestClient } from '#test/support/client.ts';
import { adminClient } from '#test/support/content.ts';
import type { TestApp } from '#test/support/app.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { ensureShop } from '#server/db/seed/seed.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { incrementAppStateCounter } from '#server/db/app-state.repository.ts';
import { VERSION_CHECK_MS } from '#server/public-content/snapshot-sync.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const databaseName = `bodyshop_sync_${Date.now()}_${randomBytes(4).toString('hex')}`;
const copies: TestApp[] = [];
const [copyA, copyB] = [() => copies[0]!, () => copies[1]!];

async function startCopy(databaseUrl: string): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-sync-'));
  await prepareStorage(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' });
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await migrateToLatest(database.db);
  // As main.ts does before the app exists: the job queue's schedules read the shop's time zone.
  await ensureShop(database.db);
  const app: FastifyInstance = await buildApp({ config, database, ownsDatabase: true, runJobs: false });
  await app.ready();
  return {
    app,
    deps: app.deps,
    config,
    database,
    dataDir,
    drainJobs: () => app.deps.jobs.drain(),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  if (!pgUrl) return;
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(pgUrl);
  url.pathname = `/${databaseName}`;
  copies.push(await startCopy(url.toString()), await startCopy(url.toString()));
}, 60_000);
afterAll(async () => {
  for (const copy of copies) await copy.close();
  if (pgUrl) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

/** How long until copy B's public read of the widget answers `status` (at most `withinMs`). */
async function msUntilCopyBServes(name: string, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await new TestClient(copyB().app).get(`/api/widgets/${name}`);
    if (res.status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`copy B still answers ${res.status} for ${name} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!pgUrl)('public snapshot across copies on one PostgreSQL', () => {
  it('shows an admin change made on copy A on copy B within a second', async () => {
    const { client } = await adminClient(copyA());
    expect((await new TestClient(copyB().app).get('/api/widgets/SyncedText')).status).toBe(404);
    expect((await client.post('/api/widgets', { json: { name: 'SyncedText', type: 'TEXT' } })).status).toBe(201);
    expect(await msUntilCopyBServes('SyncedText', 200, 1000)).toBeLessThan(1000);
  });

  it('catches a missed notification with the version check', async () => {
    // A change announced by a version bump but no NOTIFY (as if the notification were lost).
    await copyA().deps.db.insertInto('widgets').values({ name: 'QuietText', type: 'TEXT', html: '', alt: '', image_id: null }).execute();
    await incrementAppStateCounter(copyA().deps.db, 'public_content_version');
    expect(await msUntilCopyBServes('QuietText', 200, VERSION_CHECK_MS + 1500)).toBeLessThan(VERSION_CHECK_MS + 1500);
  });

  it('listens again after its LISTEN connection is cut', async () => {
    const cut =
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`.execute(
        copyA().deps.db,
      );
    expect(cut.rows).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { client } = await adminClient(copyA());
    expect((await client.post('/api/widgets', { json: { name: 'AfterCut', type: 'TEXT' } })).status).toBe(201);
    expect(await msUntilCopyBServes('AfterCut', 200, 1000)).toBeLessThan(1000);
  });
});
