// `npm run db:migrate` (up to latest) and `npm run db:migrate -- down` (revert the last one).
import path from 'node:path';
import { loadConfig } from '#server/config/load-config.ts';
import { openDatabase } from './database.ts';
import { migrateDown, migrateToLatest } from './migrator.ts';

const direction = process.argv[2] === 'down' ? 'down' : 'up';
try {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    const names = direction === 'down' ? await migrateDown(handle.db) : await migrateToLatest(handle.db);
    console.log(names.length ? `${direction === 'down' ? 'Reverted' : 'Applied'}: ${names.join(', ')}` : 'Nothing to do.');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
