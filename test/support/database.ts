/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created beside it and dropped afterwards.
 * Under vitest.config.ts both are copies of the run's template (database-template.ts); elsewhere
 * (no template provided) each one is migrated here.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { ensureShop } from '#server/db/seed/seed.ts';

export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the server behind TEST_DATABASE_URL (create or drop a database). */
export async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** An empty database (no migrations), for tests of the migrations themselves. */
export function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  return newTestDatabase(undefined);
}

/** A new database: empty, or a copy of `template` (a database name, or a dumped PGlite cluster). */
async function newTestDatabase(template: string | undefined): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase(template ? { loadDataDir: new Blob([await readFile(template)]) } : {});
  const name = `bodyshop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Migrated, with the shop's details the seed writes at start (every page reads them). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = await providedTemplate();
  if (template) return newTestDatabase(template);
  const handle = await createEmptyTestDatabase();
  await migrateToLatest(handle.db);
  await ensureShop(handle.db);
  return handle;
}

/** The run's template from database-template.ts, when this is a vitest worker of a config that made one. */
async function providedTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST_WORKER_ID) return undefined;
  const { inject } = await import('vitest');
  return testEngine === 'postgres' ? inject('testDatabaseTemplate') : inject('testPgliteTemplate');
}
