// system.status (the System screen): version, uptime, the database and the stored files as they
// are, the queues once their probes are wired, and the scheduled backups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledBackup } from '#server/backup/scheduled-backup.ts';
import { setAppState } from '#server/db/app-state.repository.ts';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { testEngine } from '#test/support/database.ts';
import { callerFor, createGallery, createUser } from '#test/support/factories.ts';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createUser(t.deps.db, { role: 'admin' })).id;
});
afterAll(async () => {
  await t?.close();
});

const status = async () => (await callerFor(t, adminId)).system.status();

describe('system.status', () => {
  it('tells the version, uptime, database engine and size, and the stored files', async () => {
    const before = await status();
    expect(before.version).toBe('1.0.0');
    expect(before.nodeVersion).toBe(process.version);
    expect(before.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(before.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(before.database.engine).toBe(testEngine);
    expect(before.database.sizeBytes).toBeGreaterThan(100_000);
    expect(before.files).toEqual({ storedIn: 'folder', count: 0, sizeBytes: 0 });

    await createGallery(t.deps.db, t.deps.storage, { imageCount: 1 });
    const after = await status();
    expect(after.files.count).toBeGreaterThan(0);
    expect(after.files.sizeBytes).toBeGreaterThan(0);
  });

  it('reports the job and mail queues, and leaves one whose probe fails unknown', async () => {
    const wiredByTheApp = await status();
    expect(wiredByTheApp.queue).toEqual({ queued: expect.any(Number), active: expect.any(Number), failed: 0 });
    expect(wiredByTheApp.mail).toEqual({ sent: 0, failed: 0, queued: 0 });
    const appProbes = t.deps.probes;
    t.deps.probes = {
      queue: async () => ({ queued: 2, active: 0, failed: 1 }),
      mail: async () => {
        throw new Error('the mail queue is down');
      },
    };
    try {
      const wired = await status();
      expect(wired.queue).toEqual({ queued: 2, active: 0, failed: 1 });
      expect(wired.mail).toBeNull();
    } finally {
      t.deps.probes = appProbes;
    }
  });

  it('tells the schedule, the last scheduled backup, and a failure newer than it', async () => {
    const none = (await status()).backups;
    expect(none).toEqual({
      schedule: '0 3 * * *',
      keep: { daily: 7, weekly: 4 },
      storedIn: 'folder',
      last: null,
      lastFailure: null,
    });
    await setAppState(t.deps.db, 'backup.last_failure', JSON.stringify({ failedAt: '2026-11-24T03:00:05.000Z', message: 'disk full' }));
    expect((await status()).backups.lastFailure).toEqual({ failedAt: '2026-11-24T03:00:05.000Z', message: 'disk full' });

    const filesBefore = (await status()).files;
    const { record } = await runScheduledBackup(t.deps, new Date('2026-11-25T03:00:00Z'));
    const done = (await status()).backups;
    expect(done.last).toEqual({ takenAt: '2026-11-25T03:00:00.000Z', sizeBytes: record.sizeBytes, location: record.location });
    // The failure before it is history.
    expect(done.lastFailure).toBeNull();
    // Backups are not stored files.
    expect((await status()).files).toEqual(filesBefore);
  }, 60_000);
});
