/**
 * Drafts: a widget, a testimonial or the shop record saved beside the published item,
 * one draft per item, updated in place by autosave. Publishing writes the live row and a published
 * version in one transaction and removes the draft. The live tables, and so the public snapshot,
 * never hold a draft (docs/decisions/content-versions-and-drafts.md).
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { ContentVersion, DraftKind, DraftSaveInput } from '#shared/schemas/versions.ts';
import * as versions from './content-versions.repository.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import { itemLabel, parseVersionData } from './content-kind.ts';
import { contentKind, draftOf } from './content-kinds.ts';
import { keepVersion, type Author } from './version-keeping.ts';
import { presentVersion } from './versions.service.ts';

type Deps = Pick<AppDeps, 'db'>;

/** Saves (or autosaves) the item's draft; the published item is untouched. */
export async function saveDraft(deps: Deps, input: DraftSaveInput, author: Author): Promise<ContentVersion> {
  await deps.db.transaction().execute(async (trx) => {
    const kind = contentKind(input.kind);
    const draft = draftOf(input.kind);
    if (!(await kind.lock(trx, input.id))) throw AppError.notFound();
    const live = (await kind.read(trx, input.id))!;
    const data = draft.fromInput(input, live);
    await draft.check?.(trx, input.id, data);
    await versions.saveDraftRow(trx, { kind: input.kind, itemId: input.id, data: JSON.stringify(data), authorId: author });
  });
  return (await getDraft(deps, input.kind, input.id))!;
}

/** The item's draft, or null; a 404 when the item is not there. */
export async function getDraft(deps: Deps, kind: DraftKind, id: number): Promise<ContentVersion | null> {
  if (!(await contentKind(kind).read(deps.db, id))) throw AppError.notFound();
  const row = await versions.findDraft(deps.db, kind, id);
  return row ? presentVersion(row) : null;
}

/**
 * Makes the draft live: the live row takes its fields and is kept as the next published version,
 * and the draft goes, in one transaction. An item deleted meanwhile is a 409; no draft, a 404.
 */
export async function publishDraft(deps: Deps, kind: DraftKind, id: number, actor: Actor): Promise<ContentVersion> {
  const kept = await deps.db.transaction().execute((trx) => publishDraftIn(trx, kind, id, actor));
  return presentVersion((await versions.findPublishedVersion(deps.db, kind, id, kept.number))!);
}

/**
 * publishDraft's work inside the caller's transaction (a scheduled publish claims its row in the
 * same one). Every refusal is thrown before anything is written.
 */
export async function publishDraftIn(
  trx: Kysely<Database>,
  kind: DraftKind,
  id: number,
  actor: Actor,
  details: string | null = null,
): Promise<{ id: number; number: number }> {
  const adapter = contentKind(kind);
  const operations = draftOf(kind);
  if (!(await adapter.lock(trx, id))) throw AppError.deletedMeanwhile();
  const draft = await versions.findDraft(trx, kind, id);
  if (!draft) throw AppError.notFound('There is no draft to publish.');
  const drafted = parseVersionData(kind, draft.data);
  const live = (await adapter.read(trx, id))!;
  await operations.check?.(trx, id, drafted);
  const data = operations.toPublish ? operations.toPublish(drafted, live) : drafted;
  if (!(await versions.hasPublishedVersions(trx, kind, id))) await keepVersion(trx, adapter, id, null);
  await adapter.writeBack(trx, id, data);
  await versions.deleteDraft(trx, kind, id);
  const kept = (await keepVersion(trx, adapter, id, actor.userId))!;
  await recordActivity(trx, {
    actor,
    kind: 'content-published',
    item: { type: kind, id, label: itemLabel(data) },
    versionId: kept.id,
    details,
  });
  return kept;
}

/** Throws the draft away; the published item is untouched. */
export async function discardDraft(deps: Deps, kind: DraftKind, id: number): Promise<void> {
  if (!(await versions.deleteDraft(deps.db, kind, id))) throw AppError.notFound();
}
