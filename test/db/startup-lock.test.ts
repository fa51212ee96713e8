// Start-up work (migrations, seeding, the first admin) under an advisory lock: two copies of the
// site starting together on one PostgreSQL take turns instead of seeding twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '#test/support/database.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';
import { seedDemoContent } from '#server/db/seed/seed.ts';
import { createLocalStorage, prepareStorage } from '#server/files/storage.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bodyshop-lock-'));
  await prepareStorage(dataDir);
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('withStartupLock', () => {
  it.runIf(testEngine === 'postgres')('runs one holder at a time (each holder pins its own connection)', async () => {
    const events: string[] = [];
    const holder = (name: string) =>
      withStartupLock(database, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([holder('a'), holder('b')])).toEqual(['a', 'b']);
    // Whichever got the lock first, the other waited for it to finish.
    expect(events[1]).toBe(events[0]!.replace(' in', ' out'));
  });

  it.runIf(testEngine === 'pglite')('is a plain call on PGlite (one process owns the database)', async () => {
    expect(await withStartupLock(database, () => Promise.resolve('done'))).toBe('done');
  });

  it('releases the lock when the work fails', async () => {
    await expect(withStartupLock(database, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withStartupLock(database, () => Promise.resolve('next'))).toBe('next');
  });

  it.runIf(testEngine === 'postgres')(
    'two seeds started together on an empty database seed once',
    async () => {
      const storage = createLocalStorage(dataDir);
      const seed = () => withStartupLock(database, () => seedDemoContent(database.db, storage, { isDemoContentOn: true }));
      const [first, second] = await Promise.all([seed(), seed()]);
      expect(first.galleriesCreated + second.galleriesCreated).toBeGreaterThan(0);
      expect(Math.min(first.galleriesCreated, second.galleriesCreated)).toBe(0);
      const galleries = await database.db
        .selectFrom('galleries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(galleries.n)).toBe(first.galleriesCreated + second.galleriesCreated);
    },
    120_000,
  );
});
