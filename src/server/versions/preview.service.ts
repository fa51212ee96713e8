/**
 * Preview of drafts: the public content with every draft in place of its published
 * item, for an admin's preview of a page (plugins/pages.ts, src/shared/preview.ts). Loaded per
 * request and never kept: the public snapshot, the page cache and the fast path never see it.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { loadPublicContent } from '#server/public-content/public-content.service.ts';
import { PublicSnapshot } from '#server/public-content/public-snapshot.ts';
import type { ContentOverlay } from '#server/public-content/public-content.service.ts';
import { DRAFT_KINDS } from '#shared/schemas/versions.ts';
import type { ContentKind } from '#shared/value-sets.ts';
import * as versions from './content-versions.repository.ts';
import { parseVersionData, type VersionData } from './content-kind.ts';
import { contentKind } from './content-kinds.ts';

/** A snapshot version no real one has: pages rendered from it are never confused with cached ones. */
const PREVIEW_VERSION = -1;

/** The public content as it would be with every draft published; null when there is no draft. */
export async function loadPreviewSnapshot(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>): Promise<PublicSnapshot | null> {
  const rows = await versions.listDrafts(deps.db, DRAFT_KINDS);
  if (rows.length === 0) return null;
  const drafts = new Map<ContentKind, Map<number, VersionData>>();
  for (const row of rows) {
    const ofKind = drafts.get(row.item_kind) ?? new Map<number, VersionData>();
    ofKind.set(row.item_id, parseVersionData(row.item_kind, row.data));
    drafts.set(row.item_kind, ofKind);
  }
  // Each kind puts its own drafts over its published items.
  const overlay: ContentOverlay = {};
  for (const [kind, ofKind] of drafts) Object.assign(overlay, contentKind(kind).draft?.overlay(ofKind));
  const content = await loadPublicContent(deps, overlay);
  return new PublicSnapshot(content, PREVIEW_VERSION, new Date());
}
