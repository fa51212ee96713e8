/**
 * What every file store is (FileStorage) and the rules on keys, names and types that the local
 * folder (storage.ts) and the bucket (s3-storage.ts) share.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface FileStorage {
  /** A folder for uploads in flight, on the same disk as the store so moves are cheap. */
  readonly tmpDir: string;
  newTempPath(suffix?: string): string;
  putFile(key: string, sourcePath: string, options?: { move?: boolean }): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** A stream of the file; rejects when it cannot be opened (missing included). */
  openRead(key: string): Promise<Readable>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** The URL a browser uses for a public key (always /media/..., whatever the store). */
  publicUrl(key: string): string;
  /** The folder served at /media when public files are on this disk; undefined for a bucket. */
  readonly publicRoot: string | undefined;
  /** For a bucket with S3_PUBLIC_URL: the public key's direct URL, which /media redirects to. */
  directPublicUrl(key: string): string | undefined;
  /** At start: throws one line naming the store when it cannot be written. */
  check(): Promise<void>;
  /** Every stored key under `prefix` (e.g. "public/img/") with when it was last written and its size in bytes. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date; size: number }>;
}

/** A temporary file name in `tmpDir` (uploads in flight). */
export function newTempPathIn(tmpDir: string, suffix = ''): string {
  return path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
}

const KEY_PATTERN = /^(public|private)\/[A-Za-z0-9._/-]+$/;

/** Throws for anything but a `public/...` or `private/...` key without `..`. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The Content-Type of a stored file, from its key's extension (keys are made by this site). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** /media/... for a public key: the same URL whichever store holds the file. */
export function mediaUrl(key: string): string {
  if (!key.startsWith('public/')) throw new Error('Not a public key');
  return `/media/${key.slice('public/'.length)}`;
}

/** True when a write failed because the disk (or the user's quota) is full; looks through `cause`. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}
