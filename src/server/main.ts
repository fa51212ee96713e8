/**
 * Starts the site: validate the config, open and migrate the database, seed a fresh one, build
 * the app and listen. SIGTERM/SIGINT finish requests in flight, then close the database (PGlite
 * flushes and releases its folder). Any start-up failure is one line on stderr and exit code 1.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, persistDataDir } from './env.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { ensureFirstAdmin, seedDemoContent } from './db/seed/seed.ts';
import { createLocalStorage, prepareStorage } from './files/storage.ts';
import { buildApp } from './app.ts';
import { newInternalToken, removeServerInfo, writeServerInfo } from './backup/internal-route.ts';

function fail(message: string): never {
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
}

let config;
try {
  // A .env file in the working directory fills in what the environment does not set (a variable
  // already in the environment wins). Node reads it; no dependency needed.
  if (existsSync('.env')) process.loadEnvFile('.env');
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

let database: DatabaseHandle;
try {
  if (!config.databaseUrl) persistDataDir(config);
  database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await migrateToLatest(database.db);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  fail(
    config.databaseUrl
      ? `DATABASE_URL cannot be reached or migrated (${reason})`
      : `the embedded database in ${config.dataDir}/db cannot be opened (${reason})`,
  );
}

persistDataDir(config);
await prepareStorage(config.dataDir);
// On PGlite this process owns the database folder: the backup CLI asks it through server.json.
const internalToken = config.databaseUrl ? undefined : newInternalToken();
const app = await buildApp({ config, database, ownsDatabase: true, ...(internalToken ? { internalToken } : {}) });
try {
  const report = await seedDemoContent(database.db, createLocalStorage(config.dataDir), { isDemoContentOn: config.isDemoContentOn });
  if (report.widgetsCreated || report.galleriesCreated) app.log.info(report, 'demo content seeded');
  await ensureFirstAdmin(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, log: app.log });
  await app.listen({ port: config.port, host: config.host });
  if (internalToken) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
    writeServerInfo(config.dataDir, { pid: process.pid, host, port, token: internalToken });
  }
} catch (error) {
  await app.close().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    if (internalToken) removeServerInfo(config.dataDir, process.pid);
    app.log.info({ signal }, 'shutting down');
    // A stuck request must not keep the process alive for ever.
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}
