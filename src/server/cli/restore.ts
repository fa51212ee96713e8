// `npm run restore -- FILE`: restores an archive into an empty site (DATA_DIR, or DATABASE_URL).
import path from 'node:path';
import { loadConfig } from '#server/config/load-config.ts';
import { restoreBackup } from '#server/backup/backup.service.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run restore -- FILE');
  process.exit(1);
}
try {
  const config = loadConfig();
  const { manifest, keyWritten } = await restoreBackup(config, path.resolve(target));
  console.log(
    `Restored ${path.resolve(target)} (schema ${manifest.schemaVersion}, taken ${manifest.createdAt})${keyWritten ? '; APP_KEY written to DATA_DIR/app-key' : ''}`,
  );
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
