/**
 * File storage: a local folder (DATA_DIR/files), or an S3 bucket when S3_BUCKET is set
 * (s3-storage.ts, loaded only then). Keys under `public/` are served at /media/... (plugins/media.ts);
 * everything else (CVs, image originals) is private and only read by the server. Nothing outside
 * this folder needs a file's local path: readers take its bytes or a stream.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile, readFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config/load-config.ts';
import { HTTP_LIMITS } from '#server/http-limits.ts';
import { assertStorageKey, mediaUrl, newTempPathIn, type FileStorage } from './file-storage.ts';

export { isStorageFull } from './file-storage.ts';

export { assertStorageKey, contentTypeOf, mediaUrl, newTempPathIn, type FileStorage } from './file-storage.ts';

/** The local folder; its files have paths (the demo pictures are read from one). */
export interface LocalFileStorage extends FileStorage {
  readonly publicRoot: string;
  /** The file behind a key on this disk. */
  pathOf(key: string): string;
}

/** The storage the site runs on: the bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function openFileStorage(config: Pick<AppConfig, 'dataDir' | 's3'>, log: FastifyBaseLogger): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  // The SDK is loaded only for a bucket: a site on its own disk never pays for it in memory.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config.s3, { tmpDir: path.join(config.dataDir, 'tmp'), log });
}

export function createLocalStorage(dataDir: string): LocalFileStorage {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(dataDir, 'tmp');
  const publicRoot = path.join(root, 'public');

  function pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(root, key);
  }

  async function ensureParent(file: string) {
    await mkdir(path.dirname(file), { recursive: true });
  }

  /**
   * Writes beside the target and renames into place: a write cut short (a full disk, a crash)
   * leaves no half-written file under a key, and never truncates a file another row already
   * shares (keys are content-addressed, so the same bytes may be stored twice).
   */
  async function writeWhole(target: string, write: (partial: string) => Promise<void>) {
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await write(partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    tmpDir,
    publicRoot,
    newTempPath: (suffix = '') => newTempPathIn(tmpDir, suffix),
    async putFile(key, sourcePath, options = {}) {
      const target = pathOf(key);
      await ensureParent(target);
      if (options.move) {
        try {
          await rename(sourcePath, target);
          return;
        } catch {
          // Different device: fall back to copy.
        }
      }
      await writeWhole(target, (partial) => copyFile(sourcePath, partial));
      if (options.move) await rm(sourcePath, { force: true });
    },
    async putBuffer(key, data) {
      const target = pathOf(key);
      await ensureParent(target);
      await writeWhole(target, (partial) => writeFile(partial, data));
    },
    pathOf,
    read: (key) => readFile(pathOf(key)),
    openRead: (key) =>
      new Promise<Readable>((resolve, reject) => {
        const stream = createReadStream(pathOf(key));
        stream.once('open', () => resolve(stream)).once('error', reject);
      }),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl: mediaUrl,
    directPublicUrl: () => undefined,
    async check() {
      // DATA_DIR was checked by the config; prepareStorage made the folders.
    },
    async *list(prefix) {
      const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const modified = await stat(file).catch(() => null);
        if (modified) yield { key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: modified.mtime, size: modified.size };
      }
    },
  };
}

/**
 * Creates the folders the store writes into and empties the temporary folder of what a previous
 * run left (a crash mid-upload); called once at start.
 */
export async function prepareStorage(dataDir: string): Promise<void> {
  await mkdir(path.join(dataDir, 'files', 'public'), { recursive: true });
  await mkdir(path.join(dataDir, 'files', 'private'), { recursive: true });
  await mkdir(path.join(dataDir, 'tmp'), { recursive: true });
  await removeStaleTempFiles(path.join(dataDir, 'tmp'));
}

/**
 * Removes temporary files older than `olderThanMs`: by default the longest a request may last
 * (http-limits.ts), so a file another live process on the same folder is still writing stays.
 * Returns how many went.
 */
export async function removeStaleTempFiles(tmpDir: string, olderThanMs = HTTP_LIMITS.requestTimeoutMs, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs >= olderThanMs) {
      await rm(file, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

export { createWriteStream };
