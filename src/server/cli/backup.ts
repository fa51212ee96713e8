// `npm run backup -- FILE`: writes one archive of the site (database, files, APP_KEY).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type AppConfig } from '#server/config/load-config.ts';
import { createBackup, openSiteDatabase } from '#server/backup/backup.service.ts';
import type { Manifest } from '#server/backup/archive.ts';
import { INTERNAL_BACKUP_PATH } from '#server/backup/internal-backup.route.ts';
import { readServerInfo, type ServerInfo } from '#server/backup/server-info.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- FILE');
  process.exit(1);
}
const file = path.resolve(target);
// An interrupted backup must leave nothing that looks complete.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    rmSync(`${file}.partial`, { force: true });
    console.error(`backup interrupted (${signal}); no archive written`);
    process.exit(1);
  });
}
try {
  const config = loadConfig();
  const server = config.databaseUrl ? undefined : readServerInfo(config.dataDir);
  const manifest = server ? await backupThroughServer(server, file) : await backupDirectly(config, file);
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  const files = Object.keys(manifest.members).filter((m) => m.startsWith('files/')).length;
  console.log(`Backup written to ${file} (schema ${manifest.schemaVersion}, ${rows} rows, ${files} files)`);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

async function backupDirectly(config: AppConfig, file: string): Promise<Manifest> {
  const handle = await openSiteDatabase(config);
  try {
    return await createBackup(config, handle.db, handle.engine, file);
  } finally {
    await handle.close();
  }
}

// The running server owns the PGlite folder; it writes the archive with its own handle.
async function backupThroughServer(server: ServerInfo, file: string): Promise<Manifest> {
  let res: Response;
  try {
    res = await fetch(`http://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}${INTERNAL_BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file }),
    });
  } catch (error) {
    throw new Error(
      `the running server (pid ${server.pid}, port ${server.port}) did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as Manifest & { message?: string };
  if (!res.ok) throw new Error(`the running server refused: ${body.message ?? `HTTP ${res.status}`}`);
  return body;
}
