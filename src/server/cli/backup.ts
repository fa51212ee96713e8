// `npm run backup -- FILE`: writes one archive of the site (database, files, APP_KEY).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/env.ts';
import { createBackup, openSiteDatabase } from '#server/backup/backup.service.ts';

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
  const handle = await openSiteDatabase(config);
  try {
    const manifest = await createBackup(config, handle.db, handle.engine, file);
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    const files = Object.keys(manifest.members).filter((m) => m.startsWith('files/')).length;
    console.log(`Backup written to ${file} (schema ${manifest.schemaVersion}, ${rows} rows, ${files} files)`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
