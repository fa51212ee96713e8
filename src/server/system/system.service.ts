/**
 * The System screen's facts (system.status): version, uptime, the database's engine and size,
 * the stored files, the queues (through AppDeps.probes, once wired) and the scheduled backups.
 * Each part that cannot be read (a bucket that does not answer, a probe that fails) is null and
 * logged, so one failing part never hides the others.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '#server/app-deps.ts';
import { databaseEngineOf, databaseSizeOf } from '#server/db/database.ts';
import { BACKUP_BUCKET_PREFIX, readBackupHistory } from '#server/backup/scheduled-backup.ts';
import type { SystemStatus } from '#shared/schemas/system.ts';
import { buildInfo } from './build-info.ts';

const startedAt = new Date(Date.now() - process.uptime() * 1000);

type StatusDeps = Pick<AppDeps, 'db' | 'config' | 'storage' | 'log' | 'probes'>;

async function orNull<T>(deps: StatusDeps, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    deps.log.warn({ err }, `system status: ${what} could not be read`);
    return null;
  }
}

/** Every file under a folder, as a size in bytes (0 when the folder does not exist). */
async function folderSize(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

async function storedFiles(deps: StatusDeps): Promise<{ count: number; sizeBytes: number }> {
  let count = 0;
  let sizeBytes = 0;
  for (const prefix of ['public/', 'private/']) {
    for await (const { key, size } of deps.storage.list(prefix)) {
      if (key.startsWith(BACKUP_BUCKET_PREFIX)) continue;
      count += 1;
      sizeBytes += size;
    }
  }
  return { count, sizeBytes };
}

export async function readSystemStatus(deps: StatusDeps): Promise<SystemStatus> {
  const { version, commit } = buildInfo();
  const engine = await databaseEngineOf(deps.db);
  const [sizeBytes, files, queue, mail, history] = await Promise.all([
    orNull(deps, 'the database size', async () => {
      try {
        return await databaseSizeOf(deps.db);
      } catch (error) {
        // The embedded database's folder, should its engine not answer pg_database_size.
        if (engine === 'pglite') return folderSize(path.join(deps.config.dataDir, 'db'));
        throw error;
      }
    }),
    orNull(deps, 'the stored files', () => storedFiles(deps)),
    deps.probes?.queue ? orNull(deps, 'the job queue', deps.probes.queue) : null,
    deps.probes?.mail ? orNull(deps, 'the mail queue', deps.probes.mail) : null,
    readBackupHistory(deps.db),
  ]);
  const storedIn = deps.config.s3 ? 'bucket' : 'folder';
  return {
    version,
    commit: commit ?? null,
    nodeVersion: process.version,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.floor(process.uptime()),
    database: { engine, sizeBytes },
    files: { storedIn, count: files?.count ?? null, sizeBytes: files?.sizeBytes ?? null },
    queue: queue && { queued: queue.queued, active: queue.active, failed: queue.failed },
    mail: mail && { sent: mail.sent, failed: mail.failed, queued: mail.queued },
    backups: {
      schedule: deps.config.backupSchedule ?? null,
      keep: deps.config.backupKeep,
      storedIn,
      last: history.last ? { takenAt: history.last.takenAt, sizeBytes: history.last.sizeBytes, location: history.last.location } : null,
      // A failure older than the last success is history, not news.
      lastFailure:
        history.lastFailure && (!history.last || history.lastFailure.failedAt > history.last.takenAt)
          ? { failedAt: history.lastFailure.failedAt, message: history.lastFailure.message }
          : null,
    },
  };
}
