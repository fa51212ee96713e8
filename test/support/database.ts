/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created beside it and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { ensureShop } from '#server/db/seed/seed.ts';

export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

function withDatabase(url: string, database: string): string {
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
export async function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const name = `bodyshop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
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
  const handle = await createEmptyTestDatabase();
  await migrateToLatest(handle.db);
  await ensureShop(handle.db);
  return handle;
}
