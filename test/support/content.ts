// Helpers for content and admin tests: signed-in clients per role, and a look at stored files.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './app.ts';
import { TestClient } from './client.ts';
import { actingAs, createUser, type UserOverrides } from './factories.ts';

export async function clientAs(t: TestApp, overrides: UserOverrides = {}) {
  const user = await createUser(t.deps.db, overrides);
  const client = new TestClient(t.app);
  await actingAs(t, client, user.id);
  return { client, user };
}

export const adminClient = (t: TestApp) => clientAs(t, { role: 'admin' });

/** Every stored file (relative to DATA_DIR/files), sorted. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Files waiting in DATA_DIR/tmp (uploads in flight); must be empty after each request. */
export async function tempFiles(t: TestApp): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'tmp')).catch(() => []);
}

/** A photo-like JPEG: noise compresses badly, like a real camera picture. */
export function makeNoisyJpeg(width: number, height: number, options: { orientation?: number; gps?: boolean } = {}): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  }).jpeg({ quality: 90 });
  if (options.orientation || options.gps) {
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      ...(options.gps
        ? { exif: { IFD0: { Copyright: 'Secret Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } }
        : {}),
    });
  }
  return image.toBuffer();
}

/**
 * Forgets every kept version, as pruning does once they are past keeping: the pictures
 * only history kept are released then, not when a save replaces them.
 */
export async function forgetHistory(t: TestApp): Promise<void> {
  const { pruneVersions } = await import('#server/versions/version-pruning.ts');
  await pruneVersions({ ...t.deps, config: { ...t.deps.config, versionsKeepDays: 0, versionsKeepCount: 0 } });
}
