/**
 * Starts the site: validate the config, listen at once (503 "starting" until ready), open and
 * migrate the database, seed a fresh one, build the app and hand it the port. SIGTERM/SIGINT stop
 * new connections, finish requests in flight, then close the database (PGlite flushes and
 * releases its folder). Any start-up failure is one line on stderr and exit code 1.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assertServerAppKey, loadConfig, type AppConfig } from './config/load-config.ts';
import { ConfigError } from './config-error.ts';
import { persistDataDir } from './data-dir.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { ensureFirstAdmin, seedDemoContent } from './db/seed/seed.ts';
import { openFileStorage, prepareStorage, type FileStorage } from './files/storage.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';
import { createStartingGate } from './starting-gate.ts';
import { newInternalToken, removeServerInfo, writeServerInfo } from './backup/server-info.ts';

function fail(message: string): never {
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
}

let config: AppConfig;
try {
  // A .env file in the working directory fills in what the environment does not set (a variable
  // already in the environment wins). Node reads it; no dependency needed.
  if (existsSync('.env')) process.loadEnvFile('.env');
  config = loadConfig();
  assertServerAppKey(config);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const log = await createLogger(config.logLevel);
const gate = createStartingGate();
let address;
try {
  address = await gate.listen(config.port, config.host);
} catch (error) {
  fail(`cannot listen on ${config.host}:${config.port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
}
log.info({ address: `http://${address.address}:${address.port}` }, 'listening; starting up');

let ready = false;
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // Stopped half way through a start: migrations are transactional and the seed picks up where it
    // stopped, so leaving at once is safe.
    if (!ready) process.exit(1);
    // A stuck request must not keep the process alive for ever.
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    stopApp()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

// The bucket first (S3_BUCKET): wrong credentials or an unreachable endpoint stop the start here.
let storage: FileStorage;
try {
  storage = await openFileStorage(config, log);
  await storage.check();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

function failDatabase(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  fail(
    config.databaseUrl
      ? `DATABASE_URL cannot be reached or migrated (${reason})`
      : `the embedded database in ${config.dataDir}/db cannot be opened (${reason})`,
  );
}

let database: DatabaseHandle;
try {
  if (!config.databaseUrl) persistDataDir(config);
  database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
} catch (error) {
  failDatabase(error);
}

/** Migrations, then the seed and the first admin: one copy of the site at a time (startup-lock.ts). */
let isMigrated = false;
try {
  await withStartupLock(database, async () => {
    const applied = await migrateToLatest(database.db);
    if (applied.length) log.info({ migrations: applied }, 'database migrated');
    isMigrated = true;
    persistDataDir(config);
    await prepareStorage(config.dataDir);
    const report = await seedDemoContent(database.db, storage, {
      isDemoContentOn: config.isDemoContentOn,
      onProgress: (message) => log.info(message),
    });
    if (report.widgetsCreated || report.galleriesCreated || report.insurersCreated) log.info(report, 'content seeded');
    await ensureFirstAdmin(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, log });
  });
} catch (error) {
  await database.close().catch(() => {});
  if (!isMigrated) failDatabase(error);
  fail(error instanceof Error ? error.message : String(error));
}

// On PGlite this process owns the database folder: the backup CLI asks it through server.json.
const internalToken = config.databaseUrl ? undefined : newInternalToken();
let app: FastifyInstance;
try {
  app = await buildApp({
    config,
    database,
    ownsDatabase: true,
    storage,
    loggerInstance: log,
    serverFactory: gate.serverFactory,
    ...(internalToken ? { internalToken } : {}),
  });
  await app.ready();
} catch (error) {
  await database.close().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
gate.open();
if (internalToken) {
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  writeServerInfo(config.dataDir, { pid: process.pid, host, port: address.port, token: internalToken });
}
ready = true;
log.info('ready');

async function stopApp(): Promise<void> {
  if (internalToken) removeServerInfo(config.dataDir, process.pid);
  await gate.close();
  await app.close();
}
