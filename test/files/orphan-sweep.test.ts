// The orphan sweep on both stores (the local folder, and an S3 bucket on s3rver): files no row
// names and older than an hour go (a copy killed between storing an upload and recording it);
// files a row names, and recent ones, stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { createImage, createUser } from '#test/support/factories.ts';
import { startLocalS3, type LocalS3 } from '#test/support/s3.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from '#server/files/orphan-sweep.ts';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each([
  ['local disk', () => ({})],
  ['S3 bucket', () => s3.env],
])('orphan sweep: %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes old files no row names and keeps named and recent ones', async () => {
    const image = await createImage(t.deps.db, t.deps.storage);
    const cvKey = 'private/cv/0123456789abcdef0123456789abcdef.pdf';
    await t.deps.storage.putBuffer(cvKey, Buffer.from('%PDF-1.4'));
    const user = await createUser(t.deps.db);
    await t.deps.db.updateTable('users').set({ cv_file_key: cvKey }).where('id', '=', user.id).execute();
    const orphans = ['public/img/orphan-l.webp', 'private/originals/orphan.jpg', 'private/cv/orphan.pdf'];
    for (const key of orphans) await t.deps.storage.putBuffer(key, Buffer.from('left behind'));

    // Now: everything is recent, nothing goes.
    expect(await sweepOrphanFiles(t.deps)).toBe(0);
    const later = Date.now() + ORPHAN_MIN_AGE_MS + 60_000;
    expect(await sweepOrphanFiles(t.deps, later)).toBe(orphans.length);
    for (const key of orphans) expect(await t.deps.storage.size(key), key).toBeNull();
    for (const key of [image.original_key, image.large_key, image.thumb_key, image.medium_key!, cvKey]) {
      expect(await t.deps.storage.size(key), key).not.toBeNull();
    }
  });
});
