/**
 * Scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP): the job's work, as a plain function the job
 * queue runs. Each run writes one archive named by its time (UTC), the same archive as
 * `npm run backup` (backup.service.ts), to DATA_DIR/backups (folder 0700, archives 0600: they
 * hold APP_KEY and the password hashes) or, when S3_BUCKET is set, to the bucket under
 * `private/backups/` (never served: /media serves `public/` only, and the orphan sweep does not
 * look there). Then it prunes to BACKUP_KEEP and records the run in app_state, which the System
 * screen and /metrics read. Only files named as this code names them are ever pruned: an archive
 * an operator put beside them stays. docs/decisions/scheduled-backups-and-metrics.md.
 */
import { SCHEDULE_ACTOR } from '#server/activity/actor.ts';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { BackupKeep } from '#server/config/backup-config.ts';
import type { Database } from '#server/db/types.ts';
import { databaseEngineOf } from '#server/db/database.ts';
import { findAppState, setAppState } from '#server/db/app-state.repository.ts';

/** The bucket's folder of scheduled backups: private, so never served. */
export const BACKUP_BUCKET_PREFIX = 'private/backups/';
const LAST_BACKUP_KEY = 'backup.last';
const LAST_FAILURE_KEY = 'backup.last_failure';
const BACKUP_NAME = /^backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar\.gz$/;

export interface BackupRecord {
  /** ISO time the backup was taken. */
  takenAt: string;
  sizeBytes: number;
  /** `folder`: DATA_DIR/backups; `bucket`: S3_BUCKET under private/backups/. */
  storedIn: 'folder' | 'bucket';
  /** The archive's file name. */
  name: string;
  /** Where to find it: the file's path, or s3://bucket/key. */
  location: string;
}

export interface BackupFailure {
  failedAt: string;
  message: string;
}

export interface ScheduledBackupResult {
  record: BackupRecord;
  /** Names of the archives pruned by this run. */
  pruned: string[];
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `backup-2026-11-26T030000Z.tar.gz`; a second run in the same second gets `-1`, and so on. */
export function backupName(at: Date, attempt = 0): string {
  const iso = at.toISOString();
  return `backup-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(':', '')}Z${attempt ? `-${attempt}` : ''}.tar.gz`;
}

/** When a scheduled backup was taken, from its name; undefined for any other file. */
export function takenAtOf(name: string): Date | undefined {
  const m = BACKUP_NAME.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** The ISO 8601 week of a moment (UTC), such as "2026-W48". */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  // The Thursday of the same week decides its year.
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const week = Math.ceil(((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which archives BACKUP_KEEP keeps: the newest of each of the `daily` most recent days that have
 * one, and the newest of each of the `weekly` most recent ISO weeks that have one (UTC). Counting
 * days with a backup rather than calendar days means a stretch of failed runs never prunes the
 * last good archives away.
 */
export function backupsToKeep(names: string[], keep: BackupKeep): Set<string> {
  // Newest first; of two in the same second, the later attempt (`-1`) first.
  const attempt = (name: string) => Number(BACKUP_NAME.exec(name)?.[7] ?? 0);
  const dated = names
    .map((name) => ({ name, at: takenAtOf(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || attempt(b.name) - attempt(a.name));
  const kept = new Set<string>();
  const pick = (count: number, period: (at: Date) => string) => {
    const seen = new Set<string>();
    for (const { name, at } of dated) {
      if (seen.size >= count) break;
      const key = period(at);
      if (seen.has(key)) continue;
      seen.add(key);
      kept.add(name);
    }
  };
  pick(keep.daily, (at) => at.toISOString().slice(0, 10));
  pick(keep.weekly, isoWeekOf);
  return kept;
}

export type ScheduledBackupDeps = Pick<AppDeps, 'db' | 'storage' | 'log'> & {
  config: Pick<AppDeps['config'], 'dataDir' | 'appKey' | 'backupKeep' | 's3'>;
};

/**
 * Writes a new archive, prunes the old ones to BACKUP_KEEP and records the run. A failure is
 * recorded too (the System screen shows it), then thrown for the job queue to count and retry.
 */
export async function runScheduledBackup(deps: ScheduledBackupDeps, now: Date = new Date()): Promise<ScheduledBackupResult> {
  try {
    const result = deps.config.s3 ? await backUpToBucket(deps, now) : await backUpToFolder(deps, now);
    await setAppState(deps.db, LAST_BACKUP_KEY, JSON.stringify(result.record));
    deps.log.info(
      { backup: result.record.location, bytes: result.record.sizeBytes, pruned: result.pruned.length },
      'scheduled backup written',
    );
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure: BackupFailure = { failedAt: new Date().toISOString(), message };
    await setAppState(deps.db, LAST_FAILURE_KEY, JSON.stringify(failure)).catch(() => {});
    deps.log.error({ err: error }, 'scheduled backup failed');
    throw error;
  }
}

async function writeArchiveTo(deps: ScheduledBackupDeps, file: string): Promise<number> {
  // The archive code (tar) is loaded by the first backup, not at start.
  const { createBackup } = await import('./backup.service.ts');
  await createBackup(deps.config, deps.db, await databaseEngineOf(deps.db), file, SCHEDULE_ACTOR);
  return (await stat(file)).size;
}

async function backUpToFolder(deps: ScheduledBackupDeps, now: Date): Promise<ScheduledBackupResult> {
  const dir = backupsDir(deps.config.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // A folder made earlier by someone else keeps its mode otherwise.
  await chmod(dir, 0o700);
  let name = backupName(now);
  for (let attempt = 1; existsSync(path.join(dir, name)); attempt++) name = backupName(now, attempt);
  const file = path.join(dir, name);
  const sizeBytes = await writeArchiveTo(deps, file);
  const existing = (await readdir(dir)).filter((n) => takenAtOf(n));
  const kept = backupsToKeep(existing, deps.config.backupKeep);
  const pruned = existing.filter((n) => !kept.has(n) && n !== name);
  for (const old of pruned) await rm(path.join(dir, old), { force: true });
  return { record: { takenAt: now.toISOString(), sizeBytes, storedIn: 'folder', name, location: file }, pruned };
}

async function backUpToBucket(deps: ScheduledBackupDeps, now: Date): Promise<ScheduledBackupResult> {
  const listed = async () => {
    const names: string[] = [];
    for await (const { key } of deps.storage.list(BACKUP_BUCKET_PREFIX)) names.push(key.slice(BACKUP_BUCKET_PREFIX.length));
    return names;
  };
  const before = new Set(await listed());
  let name = backupName(now);
  for (let attempt = 1; before.has(name); attempt++) name = backupName(now, attempt);
  // Written on this machine first (owner-only, in a private temporary folder), then uploaded.
  const work = await mkdtemp(path.join(os.tmpdir(), 'scheduled-backup-'));
  let sizeBytes: number;
  try {
    const file = path.join(work, name);
    sizeBytes = await writeArchiveTo(deps, file);
    await deps.storage.putFile(`${BACKUP_BUCKET_PREFIX}${name}`, file, { move: true });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const existing = [...before, name].filter((n) => takenAtOf(n));
  const kept = backupsToKeep(existing, deps.config.backupKeep);
  const pruned = existing.filter((n) => !kept.has(n) && n !== name);
  for (const old of pruned) await deps.storage.delete(`${BACKUP_BUCKET_PREFIX}${old}`);
  const bucket = deps.config.s3!.bucket;
  return {
    record: { takenAt: now.toISOString(), sizeBytes, storedIn: 'bucket', name, location: `s3://${bucket}/${BACKUP_BUCKET_PREFIX}${name}` },
    pruned,
  };
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The last scheduled backup written, and the last that failed (each undefined when none). */
export async function readBackupHistory(db: Kysely<Database>): Promise<{ last?: BackupRecord; lastFailure?: BackupFailure }> {
  const last = parseJson<BackupRecord>(await findAppState(db, LAST_BACKUP_KEY));
  const lastFailure = parseJson<BackupFailure>(await findAppState(db, LAST_FAILURE_KEY));
  return { ...(last ? { last } : {}), ...(lastFailure ? { lastFailure } : {}) };
}
