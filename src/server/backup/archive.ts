/**
 * The archive: a gzipped tar holding manifest.json, database.sql, app-key and files/... . The
 * manifest lists the sha256 of every other member, so a reader can prove the whole archive intact
 * before acting on any of it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';

export const ARCHIVE_FORMAT = 'seaside-bodyshop-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
/** Owner read and write only: an archive holds the site's key and every password hash. */
export const ARCHIVE_FILE_MODE = 0o600;

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
  engine: string;
  rowCounts: Record<string, number>;
  /** Member path (relative, '/'-separated) to its sha256 in hex; manifest.json itself excluded. */
  members: Record<string, string>;
}

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under dir, as '/'-separated paths relative to dir. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Writes the archive readable by its owner only (0600): it holds APP_KEY and the password hashes.
 * A file left at that path is removed first, so its mode cannot carry over.
 */
export async function writeArchive(stagingDir: string, file: string): Promise<void> {
  const members = await readdir(stagingDir);
  // manifest.json first, so a reader meets it before the rest.
  const ordered = ['manifest.json', ...members.filter((m) => m !== 'manifest.json').sort()];
  await rm(file, { force: true });
  await tar.create({ gzip: true, file, cwd: stagingDir, portable: true, mode: ARCHIVE_FILE_MODE }, ordered);
}

/** Extracts into dir and checks every member against the manifest; throws ArchiveError. */
export async function extractAndVerify(file: string, dir: string): Promise<Manifest> {
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw new ArchiveError(`the archive is corrupt or truncated (${error instanceof Error ? error.message : String(error)})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new ArchiveError('the archive has no readable manifest.json (not a backup of this site, or corrupt)');
  }
  if (manifest.format !== ARCHIVE_FORMAT || typeof manifest.members !== 'object' || typeof manifest.schemaVersion !== 'string') {
    throw new ArchiveError('manifest.json is not a backup manifest of this site');
  }
  if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `archive format version ${manifest.formatVersion} is not supported (this version reads ${ARCHIVE_FORMAT_VERSION})`,
    );
  }
  const present = (await listFiles(dir)).filter((f) => f !== 'manifest.json');
  const listed = Object.keys(manifest.members).sort();
  const missing = listed.filter((m) => !present.includes(m));
  if (missing.length) throw new ArchiveError(`the archive is truncated: ${missing[0]} is missing`);
  const extra = present.filter((m) => !(m in manifest.members));
  if (extra.length) throw new ArchiveError(`the archive holds ${extra[0]}, which the manifest does not list`);
  for (const member of listed) {
    if ((await sha256File(path.join(dir, member))) !== manifest.members[member]) {
      throw new ArchiveError(`the archive is corrupt: checksum mismatch for ${member}`);
    }
  }
  for (const required of ['database.sql', 'app-key']) {
    if (!(required in manifest.members)) throw new ArchiveError(`the archive has no ${required}`);
  }
  return manifest;
}
