// Scheduled backups: the archive named by its time, owner-only, pruned to BACKUP_KEEP, recorded
// for the System screen, in DATA_DIR/backups or the bucket; and the newest restores into an empty
// database on both engines.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '#server/backup/backup.service.ts';
import { extractAndVerify } from '#server/backup/archive.ts';
import {
  BACKUP_BUCKET_PREFIX,
  backupName,
  backupsDir,
  backupsToKeep,
  isoWeekOf,
  readBackupHistory,
  runScheduledBackup,
  takenAtOf,
} from '#server/backup/scheduled-backup.ts';
import { openDatabase } from '#server/db/database.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { createS3Storage } from '#server/files/s3-storage.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { adminQuery } from '#test/support/database.ts';
import { createWidget } from '#test/support/factories.ts';
import { startLocalS3, type LocalS3 } from '#test/support/s3.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-scheduled-'));
  dirs.push(dir);
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createWidget(t.deps.db, { name: 'NightlyWidget', html: '<p>Taken at night</p>' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const at = (iso: string) => new Date(iso);

describe('naming and pruning', () => {
  it('names an archive by its UTC time and reads the time back', () => {
    expect(backupName(at('2026-11-26T03:00:00.250Z'))).toBe('backup-2026-11-26T030000Z.tar.gz');
    expect(backupName(at('2026-11-26T03:00:00Z'), 2)).toBe('backup-2026-11-26T030000Z-2.tar.gz');
    expect(takenAtOf('backup-2026-11-26T030000Z-2.tar.gz')).toEqual(at('2026-11-26T03:00:00Z'));
    expect(takenAtOf('site.tar.gz')).toBeUndefined();
    expect(takenAtOf('backup-2026-11-26T030000Z.tar.gz.partial')).toBeUndefined();
  });

  it('counts ISO weeks across the turn of the year', () => {
    expect(isoWeekOf(at('2026-01-01T12:00:00Z'))).toBe('2026-W01');
    expect(isoWeekOf(at('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(at('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(isoWeekOf(at('2026-11-26T03:00:00Z'))).toBe('2026-W48');
  });

  it('keeps the newest of each of the last N days and M ISO weeks that have a backup', () => {
    // Two a day (03:00 and 15:00) for 60 days up to Thursday 26 November 2026.
    const names: string[] = [];
    for (let day = 0; day < 60; day++) {
      for (const hour of [3, 15]) names.push(backupName(new Date(Date.UTC(2026, 10, 26 - day, hour))));
    }
    const kept = [...backupsToKeep(names, { daily: 7, weekly: 4 })].sort();
    expect(kept).toEqual(
      [
        // The newest of each of the last 7 days.
        ...[20, 21, 22, 23, 24, 25, 26].map((d) => `backup-2026-11-${d}T150000Z.tar.gz`),
        // The newest of each of the 4 latest ISO weeks: W48 (26th, kept above), W47 (Sunday 22nd,
        // kept above), W46 (Sunday 15th), W45 (Sunday 8th).
        'backup-2026-11-15T150000Z.tar.gz',
        'backup-2026-11-08T150000Z.tar.gz',
      ].sort(),
    );
    // Days without a backup do not count: the last 7 with one are kept.
    const sparse = ['2026-11-01', '2026-10-20', '2026-10-01'].map((d) => backupName(at(`${d}T03:00:00Z`)));
    expect(backupsToKeep(sparse, { daily: 7, weekly: 0 }).size).toBe(3);
    expect([...backupsToKeep(names, { daily: 0, weekly: 1 })]).toEqual(['backup-2026-11-26T150000Z.tar.gz']);
  });
});

describe('in DATA_DIR/backups', () => {
  let newest = '';

  it('writes an owner-only archive in an owner-only folder, prunes to BACKUP_KEEP and records the run', async () => {
    const dir = backupsDir(t.dataDir);
    await mkdir(dir, { recursive: true, mode: 0o755 });
    // Old archives from earlier runs, and an operator's own file, which is never pruned.
    const old = ['2026-11-20', '2026-11-13', '2026-11-06', '2026-10-30'].map((d) => backupName(at(`${d}T03:00:00Z`)));
    for (const name of old) await writeFile(path.join(dir, name), 'old');
    await writeFile(path.join(dir, 'before-the-upgrade.tar.gz'), 'mine');

    const config = { ...t.config, backupKeep: { daily: 2, weekly: 2 } };
    const first = await runScheduledBackup({ ...t.deps, config }, at('2026-11-25T03:00:00Z'));
    const second = await runScheduledBackup({ ...t.deps, config }, at('2026-11-26T03:00:00Z'));

    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const result of [first, second]) {
      expect(result.record.storedIn).toBe('folder');
      expect((await stat(result.record.location)).mode & 0o777).toBe(0o600);
      expect((await stat(result.record.location)).size).toBe(result.record.sizeBytes);
    }
    // 2 days (26th, 25th) and 2 weeks (W48: 26th; W47: 20th).
    expect((await readdir(dir)).sort()).toEqual(
      ['backup-2026-11-20T030000Z.tar.gz', second.record.name, first.record.name, 'before-the-upgrade.tar.gz'].sort(),
    );
    expect([...first.pruned, ...second.pruned].sort()).toEqual(old.slice(1).sort());
    expect(existsSync(`${second.record.location}.partial`)).toBe(false);

    const history = await readBackupHistory(t.deps.db);
    expect(history.last).toEqual(second.record);
    expect(history.last?.takenAt).toBe('2026-11-26T03:00:00.000Z');
    expect(history.lastFailure).toBeUndefined();
    newest = second.record.location;
  }, 60_000);

  it('gives a second run in the same second a name of its own', async () => {
    const now = at('2026-11-26T03:00:00Z');
    const again = await runScheduledBackup({ ...t.deps, config: { ...t.config, backupKeep: { daily: 7, weekly: 4 } } }, now);
    expect(again.record.name).toBe('backup-2026-11-26T030000Z-1.tar.gz');
    // The newest of the day is kept; the earlier one of the same day goes.
    expect(again.pruned).toContain('backup-2026-11-26T030000Z.tar.gz');
    newest = again.record.location;
  }, 60_000);

  it('restores the newest scheduled backup into an empty embedded database', async () => {
    const dataDir = await tempDir();
    await restoreBackup(loadConfig({ DATA_DIR: dataDir }), newest);
    const restored = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      expect(await restored.db.selectFrom('widgets').select('html').where('name', '=', 'NightlyWidget').executeTakeFirst()).toEqual({
        html: '<p>Taken at night</p>',
      });
    } finally {
      await restored.close();
    }
  }, 60_000);

  it.skipIf(!pgUrl)(
    'restores the newest scheduled backup into an empty PostgreSQL database',
    async () => {
      const name = `bodyshop_scheduled_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      databases.push(name);
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      const config = loadConfig({ DATA_DIR: await tempDir(), DATABASE_URL: url.toString() });
      await restoreBackup(config, newest);
      const restored = await openDatabase({ databaseUrl: url.toString() });
      try {
        expect(await restored.db.selectFrom('widgets').select('html').where('name', '=', 'NightlyWidget').executeTakeFirst()).toEqual({
          html: '<p>Taken at night</p>',
        });
      } finally {
        await restored.close();
      }
    },
    60_000,
  );

  it('records a failed run and throws', async () => {
    const dataDir = path.join(await tempDir(), 'a-file-not-a-folder');
    await writeFile(dataDir, 'x');
    const config = { ...t.config, dataDir };
    await expect(runScheduledBackup({ ...t.deps, config })).rejects.toThrow();
    const history = await readBackupHistory(t.deps.db);
    expect(history.lastFailure?.message).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    expect(history.last).toBeDefined();
  });
});

describe('in the bucket', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('uploads under private/backups/, prunes there, and the archive reads back whole', async () => {
    const storage = createS3Storage(s3.config, { tmpDir: path.join(t.dataDir, 'tmp'), log: t.deps.log });
    const old = backupName(at('2026-10-01T03:00:00Z'));
    await storage.putBuffer(`${BACKUP_BUCKET_PREFIX}${old}`, Buffer.from('old'));
    const config = { ...t.config, s3: s3.config, backupKeep: { daily: 1, weekly: 0 } };
    const result = await runScheduledBackup({ ...t.deps, storage, config }, at('2026-11-26T03:00:00Z'));
    expect(result.record).toMatchObject({
      storedIn: 'bucket',
      location: `s3://${s3.bucket}/private/backups/backup-2026-11-26T030000Z.tar.gz`,
    });
    expect(result.pruned).toEqual([old]);
    const keys: string[] = [];
    for await (const { key } of storage.list(BACKUP_BUCKET_PREFIX)) keys.push(key);
    expect(keys).toEqual([`${BACKUP_BUCKET_PREFIX}${result.record.name}`]);
    const bytes = await storage.read(keys[0]!);
    expect(bytes.length).toBe(result.record.sizeBytes);
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.tar.gz'), bytes);
    await mkdir(path.join(dir, 'x'));
    const manifest = await extractAndVerify(path.join(dir, 'a.tar.gz'), path.join(dir, 'x'));
    expect(manifest.rowCounts.widgets).toBeGreaterThan(0);
    expect((await readBackupHistory(t.deps.db)).last).toEqual(result.record);
  }, 60_000);
});
