// Backup then restore on real databases: the site's data, files and APP_KEY survive, and faults
// (non-empty target, corrupt or truncated archive, newer schema) are refused with nothing changed.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { buildApp } from '#server/app.ts';
import { createBackup, restoreBackup } from '#server/backup/backup.service.ts';
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { listTablesInForeignKeyOrder, MIGRATION_SEEDED_TABLES } from '#server/backup/portable-sql.ts';
import { loadConfig } from '#server/config/load-config.ts';
import { prepareStorage } from '#server/files/storage.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { login, turnOnTwoFactor } from '#test/support/accounts.ts';
import { totpCode } from '#test/support/totp.ts';
import { TestClient } from '#test/support/client.ts';
import { adminQuery } from '#test/support/database.ts';
import { actingAs, createGallery, createTestimonial, createUser, createWidget, FACTORY_PASSWORD } from '#test/support/factories.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-backup-'));
  dirs.push(dir);
  return dir;
}
async function emptyPostgres(): Promise<string> {
  const name = `bodyshop_backup_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  databases.push(name);
  const u = new URL(pgUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

let source: TestApp;
let archive: string;
let secret: string;
let imageUrl: string;
beforeAll(async () => {
  source = await createTestApp();
  const db = source.deps.db;
  await createUser(db, { email: 'plain@example.test' });
  const tf = await createUser(db, { email: 'tf@example.test' });
  const setup = new TestClient(source.app);
  await actingAs(source, setup, tf.id, { passwordConfirmed: true });
  secret = (await turnOnTwoFactor(setup)).secret;
  await createWidget(db, { name: 'BackupWidget', html: '<p>Kept</p>' });
  await createTestimonial(db, { name: 'Kept Customer' });
  const { images } = await createGallery(db, source.deps.storage, { name: 'Kept gallery', imageCount: 2 });
  expect(images).toHaveLength(2);
  const publicFiles = (await readdir(source.deps.storage.publicRoot!, { recursive: true })).filter((f) => f.endsWith('.webp'));
  imageUrl = `/media/${publicFiles[0]!.split(path.sep).join('/')}`;
  archive = path.join(await tempDir(), 'site.tar.gz');
  // A file already at the path (world-readable) is replaced, not rewritten in place.
  await writeFile(archive, 'stale', { mode: 0o644 });
  await createBackup(source.config, db, source.database.engine, archive);
}, 60_000);

afterAll(async () => {
  await source?.close();
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function checkRestored(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', ...env });
  await prepareStorage(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const plain = new TestClient(app);
    expect((await login(plain, 'plain@example.test')).status).toBe(200);
    const tf = new TestClient(app);
    expect((await login(tf, 'tf@example.test', FACTORY_PASSWORD)).body).toEqual({ two_factor: true });
    expect((await tf.post('/two-factor-challenge', { json: { code: totpCode(secret) } })).status).toBeLessThan(300);
    expect((await tf.get('/api/user')).status).toBe(200);
    const db = database.db;
    expect(await db.selectFrom('widgets').select('html').where('name', '=', 'BackupWidget').executeTakeFirst()).toEqual({
      html: '<p>Kept</p>',
    });
    expect(await db.selectFrom('testimonials').select('name').where('name', '=', 'Kept Customer').executeTakeFirst()).toBeTruthy();
    const gallery = await db.selectFrom('galleries').select('id').where('name', '=', 'Kept gallery').executeTakeFirstOrThrow();
    expect((await db.selectFrom('gallery_images').select('id').where('gallery_id', '=', gallery.id).execute()).length).toBe(2);
    expect((await app.inject({ url: imageUrl })).statusCode).toBe(200);
    // The activity log records the restore, made from the command line (a site moved
    // through two archives keeps the first restore's entry too).
    expect(
      await db.selectFrom('activity_entries').select(['actor_label', 'item_label']).where('kind', '=', 'backup-restored').execute(),
    ).toContainEqual({ actor_label: 'Command line', item_label: path.basename(archive) });
    // Sequences continue after the restored ids.
    const widget = await createWidget(db);
    expect(widget.id).toBeGreaterThan(1);
  } finally {
    await app.close();
    await database.close();
  }
}

it('writes the archive readable by its owner only: it holds APP_KEY and the password hashes', async () => {
  expect((await stat(archive)).mode & 0o777).toBe(0o600);
});

describe('restore', () => {
  it('into an empty embedded database brings back users (two-factor too), content and images', async () => {
    const dataDir = await tempDir();
    const result = await restoreBackup(loadConfig({ DATA_DIR: dataDir }), archive);
    expect(result.keyWritten).toBe(true);
    expect((await readFile(path.join(dataDir, 'app-key'), 'utf8')).trim()).toBe(`base64:${source.config.appKey.toString('base64')}`);
    await checkRestored({ DATA_DIR: dataDir });
  }, 60_000);

  it.skipIf(!pgUrl)(
    'into an empty PostgreSQL database',
    async () => {
      const env = { DATA_DIR: await tempDir(), DATABASE_URL: await emptyPostgres() };
      await restoreBackup(loadConfig(env), archive);
      await checkRestored(env);
    },
    60_000,
  );

  it.skipIf(!pgUrl)(
    'from an embedded site into PostgreSQL (the way to move up)',
    async () => {
      const embeddedDir = await tempDir();
      const embeddedConfig = loadConfig({ DATA_DIR: embeddedDir });
      await restoreBackup(embeddedConfig, archive);
      const embedded = await openDatabase({ pgliteDir: path.join(embeddedDir, 'db') });
      const fromEmbedded = path.join(await tempDir(), 'embedded.tar.gz');
      try {
        expect(embedded.engine).toBe('pglite');
        await createBackup(loadConfig({ DATA_DIR: embeddedDir }), embedded.db, embedded.engine, fromEmbedded);
      } finally {
        await embedded.close();
      }
      const env = { DATA_DIR: await tempDir(), DATABASE_URL: await emptyPostgres() };
      await restoreBackup(loadConfig(env), fromEmbedded);
      await checkRestored(env);
    },
    90_000,
  );

  it('knows which tables a fresh migration fills (a restore replaces only those rows)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fresh-migration-'));
    const fresh = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    try {
      await migrateToLatest(fresh.db);
      const filled: string[] = [];
      for (const table of await listTablesInForeignKeyOrder(fresh.db)) {
        const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(fresh.db);
        if (count.rows[0]!.n > 0) filled.push(table);
      }
      expect(filled.sort()).toEqual([...MIGRATION_SEEDED_TABLES].sort());
    } finally {
      await fresh.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a non-empty database and changes nothing', async () => {
    const dataDir = await tempDir();
    await restoreBackup(loadConfig({ DATA_DIR: dataDir }), archive);
    const before = await readdir(path.join(dataDir, 'files'), { recursive: true });
    // A second restore meets the files first; without them, the rows.
    await rm(path.join(dataDir, 'files'), { recursive: true });
    await expect(restoreBackup(loadConfig({ DATA_DIR: dataDir }), archive)).rejects.toThrow(/not empty: table \w+ has rows/);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    expect(before.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a corrupt, a truncated and a newer-schema archive before touching the target', async () => {
    const bytes = await readFile(archive);
    const dir = await tempDir();
    const truncated = path.join(dir, 'truncated.tar.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const corrupt = path.join(dir, 'corrupt.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    await writeFile(corrupt, flipped);

    // Newer schema: same archive, manifest naming a migration this code does not know.
    const unpacked = await tempDir();
    await tar.extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
    manifest.schemaVersion = '2999-01-01T0000_from_the_future';
    await writeFile(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const newer = path.join(dir, 'newer.tar.gz');
    await tar.create({ gzip: true, file: newer, cwd: unpacked }, await readdir(unpacked));

    for (const [file, cause] of [
      [truncated, /corrupt or truncated|truncated/],
      [corrupt, /corrupt/],
      [newer, /newer schema/],
    ] as const) {
      const dataDir = path.join(await tempDir(), 'site');
      await expect(restoreBackup(loadConfig({ DATA_DIR: dataDir }), file)).rejects.toThrow(cause);
      expect(existsSync(dataDir)).toBe(false);
    }
  }, 60_000);
});

it('a failed backup leaves neither the archive nor its partial file', async () => {
  const file = path.join(await tempDir(), 'nowhere', 'site.tar.gz');
  await expect(createBackup(source.config, source.deps.db, source.database.engine, file)).rejects.toThrow();
  expect(existsSync(file)).toBe(false);
  expect(existsSync(`${file}.partial`)).toBe(false);
});
