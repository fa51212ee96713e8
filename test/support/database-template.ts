/**
 * Vitest global setup (vitest.config.ts): migrates one template database per run, which
 * createTestDatabase copies for each test file instead of migrating its own (the migrations were
 * most of each file's fixed cost).
 * - PostgreSQL (TEST_DATABASE_URL): a database `bodyshop_template_<pid>_<random>`, migrated and
 *   seeded, then closed (PostgreSQL copies a template only while nobody is connected to it);
 *   each file's database is `create database … template` it. Dropped at teardown.
 * - PGlite: the migrated cluster dumped to a tar in a temp folder; each file opens it in memory
 *   with loadDataDir (no initdb, no migrations).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { ensureShop } from '#server/db/seed/seed.ts';
import { adminQuery, withDatabase } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name. */
    testDatabaseTemplate: string;
    /** PGlite: the dumped cluster's file. */
    testPgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `bodyshop_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    try {
      const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
        await ensureShop(handle.db);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await adminQuery(`drop database if exists ${name} with (force)`);
      throw error;
    }
    project.provide('testDatabaseTemplate', name);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bodyshop-test-template-'));
  try {
    const handle = await openDatabase({});
    try {
      await migrateToLatest(handle.db);
      await ensureShop(handle.db);
      const dump = await handle.dumpDataDir!();
      const file = path.join(dir, 'pglite.tar');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      project.provide('testPgliteTemplate', file);
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
