/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise PGlite (embedded
 * PostgreSQL) in a folder or in memory. Both speak the same SQL, so one set of migrations and
 * repositories serves both.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { dbTemplateDir } from '#server/paths.ts';
import type { Database } from './types.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { withAfterCommit } from './after-commit.ts';

export type DatabaseEngine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Closes every connection; for PGlite, flushes and releases the data folder. */
  close(): Promise<void>;
  /**
   * PGlite only: runs a script of several statements (its simple-query path; Kysely's queries use
   * the extended protocol, one statement each). The caller holds Kysely's connection (jobs/job-sql.ts).
   */
  execScript?: (text: string) => Promise<Array<{ rows: unknown[] }>>;
  /** PGlite only: the whole cluster as a tar, which `loadDataDir` opens again (tests' template). */
  dumpDataDir?: () => Promise<Blob>;
}

// Dates stay calendar dates ('YYYY-MM-DD') instead of becoming midnight in the server's zone,
// and bigint counters come back as numbers.
const DATE_OID = 1082;
const INT8_OID = 20;

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite folder; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** PGlite in memory only: start from this dumped cluster (dumpDataDir) instead of initdb. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID) return (value: string) => value;
        if (oid === INT8_OID) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
      },
    },
  });
  // A connection the database ends (a restart, a crash, a network cut) emits 'error'. The pool
  // listens only while a client is idle; a client checked out between two queries (inside a
  // transaction, or just acquired) would have no listener, and an unhandled 'error' ends the
  // process. So every client gets one for life: its next query fails instead (a 503, see
  // isDatabaseUnavailable), the pool drops it on release and opens a new one once the database
  // is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = withAfterCommit(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/**
 * The empty cluster made by `npm run db-template` for the installed PGlite, or undefined (a
 * PGlite upgrade without a new template: PGlite then runs initdb, slower and hungrier).
 */
export function pgliteTemplateFile(): string | undefined {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const file = path.join(dbTemplateDir, `pglite-${version}.tar.gz`);
  return existsSync(file) ? file : undefined;
}

/**
 * A new embedded database starts from the template: initdb inside WebAssembly peaks at about
 * 850 MB of memory; unpacking the same empty cluster needs next to nothing.
 */
async function unpackTemplateInto(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const template = pgliteTemplateFile();
  if (!template) return;
  // Unpacked beside it and renamed into place: an interrupted unpack never looks like a cluster.
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  const { x: extract } = await import('tar');
  await extract({ file: template, cwd: unpacking });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(unpacking, dataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) await unpackTemplateInto(dataDir);
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const parsers = {
    [DATE_OID]: (value: string) => value,
    [INT8_OID]: (value: string) => Number(value),
  };
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers,
    // The quote search's trigram index (migrations/2026-12-03T0400_list_indexes.ts).
    extensions: { pg_trgm },
    // PGlite's default 128 MB of shared buffers is most of its memory; this site's whole
    // database is a few megabytes, so 16 MB keeps it cached and saves ~120 MB of RSS.
    postgresqlconf: ['shared_buffers = 8MB', 'wal_buffers = 512kB', 'work_mem = 2MB', 'maintenance_work_mem = 8MB'],
  });
  const db = withAfterCommit(new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }));
  return {
    db,
    engine: 'pglite',
    execScript: (text) => pglite.exec(text),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** True when the database answers a trivial query within the timeout. */
export async function isDatabaseUp(db: Kysely<Database>, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Which engine a connection talks to (PGlite names itself in version()), for code that holds only the Kysely instance. */
export async function databaseEngineOf(db: Kysely<Database>): Promise<DatabaseEngine> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
  return rows[0]?.version.includes('PGlite') ? 'pglite' : 'postgres';
}

/** The database's size on disk in bytes (pg_database_size: PostgreSQL and PGlite both answer it). */
export async function databaseSizeOf(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ size: string | number }>`select pg_database_size(current_database())::text as size`.execute(db);
  return Number(rows[0]?.size ?? 0);
}
