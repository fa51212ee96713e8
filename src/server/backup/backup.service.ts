/**
 * Backup and restore of a whole site: database (portable SQL), uploaded files and APP_KEY.
 * Restore proves the archive intact and the target empty before it changes anything.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import { COMMAND_LINE_ACTOR, type Actor } from '#server/activity/actor.ts';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { migrations } from '#migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrator.ts';
import type { AppConfig } from '#server/config/load-config.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  extractAndVerify,
  listFiles,
  sha256File,
  writeArchive,
  type Manifest,
} from './archive.ts';
import { readServerInfo } from './server-info.ts';
import { dumpDatabase, listTablesInForeignKeyOrder, loadDump, MIGRATION_SEEDED_TABLES } from './portable-sql.ts';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}
export { ArchiveError };

export function openSiteDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'), poolSize: 2 });
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const exists = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables
    where table_schema = 'public' and table_name = 'kysely_migration'`.execute(db);
  if (!exists.rows[0]?.n) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

const encodeKey = (key: Buffer) => `base64:${key.toString('base64')}\n`;

/** Writes the archive to `file` (through `file.partial`, renamed only once complete), readable by its owner only. */
export async function createBackup(
  config: Pick<AppConfig, 'dataDir' | 'appKey'>,
  db: Kysely<Database>,
  engine: string,
  file: string,
  /** Who asked, for the activity log: the command line or the schedule. */
  by: Actor = COMMAND_LINE_ACTOR,
): Promise<Manifest> {
  const partial = `${file}.partial`;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'backup-'));
  try {
    // One snapshot for every table: a consistent backup while the site keeps writing.
    const { dump, schemaVersion } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const applied = await appliedMigrations(trx);
        if (!applied.length) throw new Error('the database has no applied migrations; start the site once first');
        return { dump: await dumpDatabase(trx), schemaVersion: applied.at(-1)! };
      });
    await writeFile(path.join(staging, 'database.sql'), dump.sql);
    await writeFile(path.join(staging, 'app-key'), encodeKey(config.appKey), { mode: 0o600 });
    const filesDir = path.join(config.dataDir, 'files');
    // Files are content-addressed and never rewritten, so copying them outside the snapshot is safe.
    if (existsSync(filesDir)) await cp(filesDir, path.join(staging, 'files'), { recursive: true });
    const members: Record<string, string> = {};
    for (const member of await listFiles(staging)) members[member] = await sha256File(path.join(staging, member));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      schemaVersion,
      createdAt: new Date().toISOString(),
      engine,
      rowCounts: dump.rowCounts,
      members,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    await writeArchive(staging, partial);
    await rename(partial, file);
    await recordActivity(db, { actor: by, kind: 'backup-made', item: { type: 'backup', label: path.basename(file) } });
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  manifest: Manifest;
  keyWritten: boolean;
}

/**
 * Restores into an empty target. Empty means: no application table holds a row, and the applied
 * migrations (if any) go no further than the backup's schema version. Everything is checked before
 * the first write; the data loads in one transaction.
 */
export async function restoreBackup(config: AppConfig, file: string): Promise<RestoreResult> {
  if (!existsSync(file) || !(await stat(file)).isFile()) throw new ArchiveError(`${file} does not exist`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'restore-'));
  try {
    const manifest = await extractAndVerify(file, work);
    const known = Object.keys(migrations).sort();
    if (!known.includes(manifest.schemaVersion)) {
      throw new RestoreRefusedError(
        `the archive comes from a newer schema (migration ${manifest.schemaVersion} is unknown to this version); upgrade the site first`,
      );
    }
    const keyText = (await readFile(path.join(work, 'app-key'), 'utf8')).trim();
    if (!/^base64:[A-Za-z0-9+/]{43}=$/.test(keyText)) throw new ArchiveError('the archive app-key is not a valid key');
    const backupKey = Buffer.from(keyText.slice('base64:'.length), 'base64');
    const keyFromEnv = config.isAppKeyFromEnv;
    const hasKey = keyFromEnv || !config.isAppKeyNew;
    if (hasKey && !backupKey.equals(config.appKey)) {
      throw new RestoreRefusedError(
        keyFromEnv
          ? `APP_KEY differs from the backup's key; set APP_KEY=${keyText} (or unset it) and run the restore again`
          : `${path.join(config.dataDir, 'app-key')} holds a different key; restore into an empty DATA_DIR`,
      );
    }
    if (!config.databaseUrl && readServerInfo(config.dataDir)) {
      throw new RestoreRefusedError(`the site is running on ${config.dataDir} (server.json); stop it before restoring`);
    }
    const filesDir = path.join(config.dataDir, 'files');
    if (existsSync(filesDir) && (await listFiles(filesDir)).length) {
      throw new RestoreRefusedError(`the target is not empty: ${filesDir} already holds files`);
    }

    await mkdir(config.dataDir, { recursive: true });
    const handle = await openSiteDatabase(config);
    try {
      const db = handle.db;
      const applied = await appliedMigrations(db);
      const beyond = applied.filter((name) => name > manifest.schemaVersion);
      if (beyond.length) throw new RestoreRefusedError(`the target database is not empty: migration ${beyond[0]} is applied`);
      if (applied.length) {
        for (const table of await listTablesInForeignKeyOrder(db)) {
          if (MIGRATION_SEEDED_TABLES.has(table)) continue;
          const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
          if (count.rows[0]!.n > 0) throw new RestoreRefusedError(`the target database is not empty: table ${table} has rows`);
        }
      }
      await migrateTo(db, manifest.schemaVersion);
      const dump = await readFile(path.join(work, 'database.sql'), 'utf8');
      await db.transaction().execute((trx) => loadDump(trx, dump));
      await migrateToLatest(db);
      await recordActivity(db, {
        actor: COMMAND_LINE_ACTOR,
        kind: 'backup-restored',
        item: { type: 'backup', label: path.basename(file) },
        details: `made ${manifest.createdAt}`,
      });
    } finally {
      await handle.close();
    }

    if (existsSync(path.join(work, 'files'))) await cp(path.join(work, 'files'), filesDir, { recursive: true });
    let keyWritten = false;
    if (!hasKey) {
      await writeFile(path.join(config.dataDir, 'app-key'), `${keyText}\n`, { mode: 0o600, flag: 'wx' });
      keyWritten = true;
    }
    return { manifest, keyWritten };
  } finally {
    // tar may still be finishing a write after a failed extract: retry until the folder is gone.
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
