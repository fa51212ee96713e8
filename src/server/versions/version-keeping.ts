/**
 * Keeping versions inside a save's transaction (docs/decisions/content-versions-and-drafts.md):
 * the area services call these with their own kind's adapter, so this module names no kind and
 * does not import the list of them (content-kinds.ts imports the adapters, which import this).
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';
import * as versions from './content-versions.repository.ts';
import * as versionImages from './content-version-images.repository.ts';
import type { ContentKindAdapter } from './content-kind.ts';

type Db = Kysely<Database>;
/** Who saved: the signed-in admin's user id, or null (the seed, a job). */
export type Author = number | null;
/** What keeping a version needs of a kind. */
export type KeptKind = Pick<ContentKindAdapter, 'kind' | 'read' | 'imagesOf'>;

/** Keeps the item's state as it is now (in `trx`) as its next published version. */
export async function keepVersion(
  trx: Db,
  kind: KeptKind,
  itemId: number,
  author: Author,
  restoredFrom: number | null = null,
): Promise<{ id: number; number: number } | undefined> {
  const data = await kind.read(trx, itemId);
  if (!data) return undefined;
  const kept = await versions.insertPublishedVersion(trx, {
    kind: kind.kind,
    itemId,
    data: JSON.stringify(data),
    authorId: author,
    restoredFrom,
  });
  await versionImages.insertVersionImages(trx, kept.id, kind.imagesOf(data));
  return kept;
}

/**
 * Runs a save of an existing item inside its transaction and keeps the result as a version. An
 * item saved for the first time since history began gets its state before the save kept first
 * (no author), so the first Restore has something to go back to. The caller has locked the row.
 */
export async function withVersion<T>(trx: Db, kind: KeptKind, itemId: number, author: Author, save: () => Promise<T>): Promise<T> {
  if (!(await versions.hasPublishedVersions(trx, kind.kind, itemId))) await keepVersion(trx, kind, itemId, null);
  const result = await save();
  await keepVersion(trx, kind, itemId, author);
  return result;
}

/**
 * An item deleted for good (from the bin) takes its versions and draft with it; returns the
 * pictures they named, for the caller to release after the transaction, as a real delete does.
 */
export async function forgetItemHistory(trx: Db, kind: ContentKind, itemId: number): Promise<number[]> {
  const ids = await versions.listVersionIdsOf(trx, kind, itemId);
  const images = await versionImages.listImagesOfVersions(trx, ids);
  await versions.deleteVersions(trx, ids);
  return images;
}
