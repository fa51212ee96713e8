/**
 * File storage in a local folder (DATA_DIR/files). Keys under `public/` are served at /media/...
 * by app.ts; everything else (CVs, image originals) is private and only read by the server.
 * The interface is small so object storage can replace it later.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, readFile, copyFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { HTTP_LIMITS } from '#server/http-limits.ts';

export interface FileStorage {
  /** A folder for uploads in flight, on the same disk as the store so moves are cheap. */
  readonly tmpDir: string;
  newTempPath(suffix?: string): string;
  putFile(key: string, sourcePath: string, options?: { move?: boolean }): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  openRead(key: string): Readable;
  size(key: string): Promise<number | null>;
  /** The file behind a key on this disk (for libvips, which reads files itself). */
  pathOf(key: string): string;
  delete(key: string): Promise<void>;
  /** The URL a browser uses for a public key. */
  publicUrl(key: string): string;
  /** The folder served at /media (public keys only). */
  readonly publicRoot: string;
}

/** True when a write failed because the disk (or the user's quota) is full; looks through `cause`. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

const KEY_PATTERN = /^(public|private)\/[A-Za-z0-9._/-]+$/;

export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const tmpDir = path.join(dataDir, 'tmp');
  const publicRoot = path.join(root, 'public');

  function pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
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
    newTempPath(suffix = '') {
      return path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
    },
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
    openRead: (key) => createReadStream(pathOf(key)),
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
    publicUrl(key) {
      if (!key.startsWith('public/')) throw new Error('Not a public key');
      return `/media/${key.slice('public/'.length)}`;
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
