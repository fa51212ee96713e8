/**
 * Private photos (a quote request's and a repair job's: number plates and faces are personal data):
 * where their files live, how they are stored, opened and deleted, and the short-lived signed links
 * that show them (docs/decisions/private-quote-photos.md). The files sit under private/ keys no
 * public URL serves; a link is an expiring HMAC with APP_KEY (auth/signed-values.ts) under a
 * purpose per kind, so a quote photo's link never opens a repair photo. One route serves every
 * kind's links (private-photo.route.ts); who may follow them is the kind's `access`.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { QUOTE_PHOTO_LINK_SECONDS, REPAIR_PHOTO_LINK_SECONDS } from '#shared/limits.ts';
import { expiryIn, isSignatureValid, sign } from '#server/auth/signed-values.ts';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import type { ImageVariants } from '#server/images/image-processing.ts';
import type { FileStorage } from './file-storage.ts';
import { IMAGE_TYPE_HEAD_BYTES, imageTypeOfBytes } from './image-type.ts';
import type { Permission } from '#shared/permissions.ts';

export const PRIVATE_PHOTO_VARIANTS = ['large', 'thumb'] as const;
export type PrivatePhotoVariant = (typeof PRIVATE_PHOTO_VARIANTS)[number];

interface PrivatePhotoKind {
  purpose: string;
  /** The links' path, before /{photoId}/{variant} (links already sent in mails and pages use it). */
  path: string;
  /** The storage folder (the orphan sweep keeps what the kind's table names under it). */
  folder: string;
  linkSeconds: number;
  /**
   * Who may follow a link: `admin`, only a signed-in admin (refused 401/403 before the photo is
   * looked up); `shared-or-admin`, anyone holding it once the shop shares the photo, an admin
   * always (an unshared photo is a 404 to anyone else: switching sharing off stops a link sent).
   */
  access: 'admin' | 'shared-or-admin';
  /** The staff who count as `admin` for this kind: an owner, or a staff role with this permission. */
  permission: Permission;
}

export const PRIVATE_PHOTO_KINDS = {
  quote: {
    purpose: 'quote-photo',
    path: '/quote-photos',
    folder: 'private/quotes/',
    linkSeconds: QUOTE_PHOTO_LINK_SECONDS,
    access: 'admin',
    permission: 'quotes',
  },
  repair: {
    purpose: 'repair-photo',
    path: '/repair-photos',
    folder: 'private/repairs/',
    linkSeconds: REPAIR_PHOTO_LINK_SECONDS,
    access: 'shared-or-admin',
    permission: 'repairs.work',
  },
} as const satisfies Record<string, PrivatePhotoKind>;
export type PrivatePhotoKindName = keyof typeof PRIVATE_PHOTO_KINDS;

/** What a kind's table keeps of one photo, as the route needs it. */
export interface StoredPrivatePhoto {
  large_key: string;
  thumb_key: string;
  /** Shown to the customer by the shop (a kind whose access is `admin` says false). */
  shared: boolean;
}

/** New keys for one photo's two variants. */
export function newPrivatePhotoKeys(kind: PrivatePhotoKindName): { large_key: string; thumb_key: string } {
  const name = randomBytes(16).toString('hex');
  const folder = PRIVATE_PHOTO_KINDS[kind].folder;
  return { large_key: `${folder}${name}-l.webp`, thumb_key: `${folder}${name}-t.webp` };
}

/**
 * Writes a photo's two variants under new private keys, before its row exists; each key is added
 * to `written` before its write, so the caller can delete what a failure part way left.
 */
export async function storePrivatePhoto(storage: FileStorage, kind: PrivatePhotoKindName, variants: ImageVariants, written: string[]) {
  const { large_key, thumb_key } = newPrivatePhotoKeys(kind);
  written.push(large_key);
  await storage.putBuffer(large_key, variants.large.data);
  written.push(thumb_key);
  await storage.putBuffer(thumb_key, variants.thumb.data);
  return {
    large_key,
    large_width: variants.large.info.width,
    large_height: variants.large.info.height,
    thumb_key,
    thumb_width: variants.thumb.info.width,
    thumb_height: variants.thumb.info.height,
  };
}

/** Deletes stored photo files; a file that will not go is logged (the orphan sweep takes it later). */
export async function deletePrivatePhotoFiles(deps: Pick<AppDeps, 'storage' | 'log'>, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'private photo cleanup failed'))),
  );
}

/**
 * Deletes photo rows, then their files. `deleteRows` runs in one transaction with whatever must go
 * with the rows (the request they belong to, a claim) and returns the deleted rows' file keys, or
 * null when it deleted nothing. The files go only after the commit: a rollback never leaves a row
 * naming a file that is gone. Returns the keys deleted, or null.
 */
export async function deletePrivatePhotos(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  deleteRows: (trx: Transaction<Database>) => Promise<readonly string[] | null>,
): Promise<readonly string[] | null> {
  const keys = await deps.db.transaction().execute(deleteRows);
  if (keys !== null) await deletePrivatePhotoFiles(deps, keys);
  return keys;
}

export interface OpenedPrivatePhoto {
  stream: Readable;
  size: number;
  /** Decided by the stored bytes; null when they are not an image a browser shows. */
  contentType: string | null;
}

/** A photo's file as a stream with its size and type; null when it is gone. */
export async function openPrivatePhotoFile(storage: FileStorage, key: string): Promise<OpenedPrivatePhoto | null> {
  const size = await storage.size(key);
  if (size === null) return null;
  let source: Readable;
  try {
    source = await storage.openRead(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { head, stream } = await peekHead(source, IMAGE_TYPE_HEAD_BYTES);
  return { stream, size, contentType: await imageTypeOfBytes(head) };
}

/** The first `bytes` bytes of a stream (fewer when it is shorter), and a stream of all of it. */
async function peekHead(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const reader: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let length = 0;
  let ended = false;
  try {
    while (length < bytes) {
      const next = await reader.next();
      if (next.done) {
        ended = true;
        break;
      }
      first.push(next.value);
      length += next.value.length;
    }
  } catch (error) {
    source.destroy();
    throw error;
  }
  async function* whole() {
    yield* first;
    if (ended) return;
    // Iterating the same reader: a response cut short ends it, which destroys the source.
    yield* { [Symbol.asyncIterator]: () => reader };
  }
  return { head: Buffer.concat(first), stream: Readable.from(whole(), { objectMode: false }) };
}

/** When links made now stop working, in seconds since the epoch. */
export function privatePhotoLinkExpiry(kind: PrivatePhotoKindName, now = Date.now()): number {
  return expiryIn(PRIVATE_PHOTO_KINDS[kind].linkSeconds, now);
}

export function privatePhotoPath(
  kind: PrivatePhotoKindName,
  appKey: Buffer,
  photoId: number,
  variant: PrivatePhotoVariant,
  expires: number,
): string {
  const { purpose, path } = PRIVATE_PHOTO_KINDS[kind];
  const query = new URLSearchParams({ expires: String(expires), signature: sign(appKey, purpose, [photoId, variant], expires) });
  return `${path}/${photoId}/${variant}?${query.toString()}`;
}

export interface PrivatePhotoLinkParams {
  photoId: string;
  variant: string;
  expires?: string | undefined;
  signature?: string | undefined;
}

/** The photo and variant of a genuine, unexpired link of this kind (under APP_KEY or a previous key); otherwise null. */
export function verifyPrivatePhotoLink(
  kind: PrivatePhotoKindName,
  appKeys: readonly Buffer[],
  params: PrivatePhotoLinkParams,
  now = Date.now(),
): { photoId: number; variant: PrivatePhotoVariant } | null {
  if (!/^\d{1,10}$/.test(params.photoId)) return null;
  const variant = PRIVATE_PHOTO_VARIANTS.find((v) => v === params.variant);
  if (!variant) return null;
  const photoId = Number(params.photoId);
  const { purpose } = PRIVATE_PHOTO_KINDS[kind];
  if (!isSignatureValid(appKeys, purpose, [photoId, variant], params.expires, params.signature, now)) return null;
  return { photoId, variant };
}
