/**
 * History and restore: every save of a widget, a gallery, a testimonial or the shop
 * record keeps a version (who, when, what it was) in the transaction of the save; Restore writes a
 * version back into the live row and keeps that as a new version, so history is never rewritten.
 * The model: docs/decisions/content-versions-and-drafts.md.
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import type { Database } from '#server/db/types.ts';
import type { ContentKind } from '#shared/value-sets.ts';
import { AppError } from '#server/errors.ts';
import { presentImageVariants } from '#server/images/image-presenter.ts';
import { findImageVariants } from '#server/images/images.repository.ts';
import { releaseImagesQuietly } from '#server/images/images.service.ts';
import { HISTORY_PAGE_SIZE, type ContentVersion, type History, type VersionDetail, type VersionSummary } from '#shared/schemas/versions.ts';
import * as versions from './content-versions.repository.ts';
import type { ContentVersionRecord, ContentVersionSummaryRecord } from './content-versions.repository.ts';
import { itemLabel, parseVersionData, type VersionData } from './content-kind.ts';
import { contentKind } from './content-kinds.ts';
import { keepVersion } from './version-keeping.ts';

type Db = Kysely<Database>;

function authorName(row: ContentVersionSummaryRecord): string | null {
  if (row.author_firstname === null) return null;
  return `${row.author_firstname} ${row.author_lastname ?? ''}`.trim();
}

function presentSummary(row: ContentVersionSummaryRecord): VersionSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    author: authorName(row),
    restored_from: row.restored_from,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function presentVersion(row: ContentVersionRecord): ContentVersion {
  return { ...presentSummary(row), data: parseVersionData(row.item_kind, row.data) };
}

async function thumbsOf(deps: Pick<AppDeps, 'db' | 'storage'>, kind: ContentKind, states: VersionData[]): Promise<Record<string, string>> {
  const ids = [...new Set(states.flatMap((state) => contentKind(kind).imagesOf(state)))];
  const rows = await findImageVariants(deps.db, ids);
  const thumbs: Record<string, string> = {};
  for (const row of rows) {
    const variants = presentImageVariants(deps.storage, row);
    if (variants) thumbs[String(row.id)] = variants.thumb_url;
  }
  return thumbs;
}

/**
 * A page of an item's published versions, newest first, with the live item to compare them with.
 * The versions come without their fields (a gallery's can be thousands of images): the screen
 * asks for one version's when it compares it (getVersion). The cursor is the last version number
 * of the page before.
 */
export async function getHistory(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  kind: ContentKind,
  itemId: number,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): Promise<History> {
  const current = await contentKind(kind).read(deps.db, itemId);
  if (!current) throw AppError.notFound();
  const limit = page.limit ?? HISTORY_PAGE_SIZE;
  // One more than the page: whether there is an older page, without counting them.
  const rows = await versions.listPublishedVersionSummaries(deps.db, kind, itemId, {
    beforeNumber: page.cursor === undefined ? undefined : Number(page.cursor),
    limit: limit + 1,
  });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    kind,
    item_id: itemId,
    current,
    versions: shown.map(presentSummary),
    thumbs: await thumbsOf(deps, kind, [current]),
    next_cursor: rows.length > limit && last?.number ? String(last.number) : null,
  };
}

/** One published version with its fields and the thumbnails of its pictures (a draft: GET the draft). */
export async function getVersion(deps: Pick<AppDeps, 'db' | 'storage'>, versionId: number): Promise<VersionDetail> {
  const row = await versions.findVersion(deps.db, versionId);
  if (!row || row.status !== 'published') throw AppError.notFound();
  const version = presentVersion(row);
  return { version, thumbs: await thumbsOf(deps, row.item_kind, [version.data as VersionData]) };
}

/**
 * Puts a published version back: the live row takes its fields and the result is kept as a new
 * version ("restored from n"). An item deleted since is a 409; a version that is not there, a 404.
 */
export async function restoreVersion(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  versionId: number,
  actor: Actor,
): Promise<ContentVersion> {
  const version = await versions.findVersion(deps.db, versionId);
  if (!version || version.status !== 'published') throw AppError.notFound();
  const released = await deps.db.transaction().execute((trx) => restoreVersionIn(trx, version, actor));
  await releaseImagesQuietly(deps, released);
  const [newest] = await versions.listPublishedVersions(deps.db, version.item_kind, version.item_id, 1);
  return presentVersion(newest!);
}

/**
 * restoreVersion's work inside the caller's transaction (a scheduled revert claims its row in the
 * same one); returns the pictures the live row stopped naming, to release after the commit.
 */
export async function restoreVersionIn(
  trx: Db,
  version: ContentVersionRecord,
  actor: Actor,
  details = `version ${version.number} restored`,
): Promise<number[]> {
  const kind = contentKind(version.item_kind);
  const data = parseVersionData(kind.kind, version.data);
  if (!(await kind.lock(trx, version.item_id))) throw AppError.deletedMeanwhile();
  const replaced = await kind.writeBack(trx, version.item_id, data);
  const kept = await keepVersion(trx, kind, version.item_id, actor.userId, version.number);
  await recordActivity(trx, {
    actor,
    kind: 'content-restored',
    item: { type: kind.kind, id: version.item_id, label: itemLabel(data) },
    versionId: kept?.id ?? null,
    details,
  });
  return replaced;
}
