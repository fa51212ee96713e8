/**
 * Drafts (issue 27): a widget, a testimonial or the shop record saved beside the published item,
 * one draft per item, updated in place by autosave. Publishing writes the live row and a published
 * version in one transaction and removes the draft. The live tables, and so the public snapshot,
 * never hold a draft (docs/decisions/content-versions-and-drafts.md).
 */
import type { Kysely } from 'kysely';
import type { AppDeps } from '#server/app-deps.ts';
import type { Database } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import { isWidgetNameTaken } from '#server/widgets/widgets.repository.ts';
import { clean as cleanTestimonial } from '#server/testimonials/testimonials.service.ts';
import { messages } from '#shared/validation.ts';
import { shopSchema } from '#shared/schemas/shop.ts';
import type { WidgetVersionData } from '#shared/schemas/versions.ts';
import type { ContentVersion, DraftKind, DraftSaveInput } from '#shared/schemas/versions.ts';
import * as versions from './content-versions.repository.ts';
import { applyItemState, lockItem, parseVersionData, readItemState, type VersionData } from './item-states.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import { itemLabel, keepVersion, presentVersion, type Author } from './versions.service.ts';

type Deps = Pick<AppDeps, 'db'>;

/** The draft's data: the form's fields as a save would store them (sanitised), over the live item. */
function draftData(input: DraftSaveInput, live: VersionData): VersionData {
  switch (input.kind) {
    case 'widget': {
      const current = live as WidgetVersionData;
      const type = input.type ?? current.type;
      const html = input.html ?? current.html;
      return {
        name: input.name ?? current.name,
        type,
        html: type === 'VIDEO' ? sanitizeVideoHtml(html) : sanitizeRichText(html),
        alt: input.alt ?? current.alt,
        // A picture is not drafted: the live one stays.
        image_id: current.image_id,
      };
    }
    case 'testimonial':
      return cleanTestimonial({ name: input.name, score: input.score, review: input.review });
    case 'shop': {
      const { kind: _kind, id: _id, ...fields } = input;
      return shopSchema.parse(fields);
    }
  }
}

/** Saves (or autosaves) the item's draft; the published item is untouched. */
export async function saveDraft(deps: Deps, input: DraftSaveInput, author: Author): Promise<ContentVersion> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockItem(trx, input.kind, input.id))) throw AppError.notFound();
    const live = (await readItemState(trx, input.kind, input.id))!;
    const data = draftData(input, live);
    if (input.kind === 'widget') {
      const name = (data as WidgetVersionData).name;
      if (await isWidgetNameTaken(trx, name, input.id)) throw AppError.field('name', messages.taken('name'));
    }
    await versions.saveDraftRow(trx, { kind: input.kind, itemId: input.id, data: JSON.stringify(data), authorId: author });
  });
  return (await getDraft(deps, input.kind, input.id))!;
}

/** The item's draft, or null; a 404 when the item is not there. */
export async function getDraft(deps: Deps, kind: DraftKind, id: number): Promise<ContentVersion | null> {
  if (!(await readItemState(deps.db, kind, id))) throw AppError.notFound();
  const row = await versions.findDraft(deps.db, kind, id);
  return row ? presentVersion(row) : null;
}

/**
 * Makes the draft live: the live row takes its fields and is kept as the next published version,
 * and the draft goes, in one transaction. An item deleted meanwhile is a 409; no draft, a 404.
 */
export async function publishDraft(deps: Deps, kind: DraftKind, id: number, actor: Actor): Promise<ContentVersion> {
  const kept = await deps.db.transaction().execute((trx) => publishDraftIn(trx, kind, id, actor));
  const rows = await versions.listPublishedVersions(deps.db, kind, id);
  return presentVersion(rows.find((row) => row.number === kept.number)!);
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
  if (!(await lockItem(trx, kind, id))) throw AppError.deletedMeanwhile();
  const draft = await versions.findDraft(trx, kind, id);
  if (!draft) throw AppError.notFound('There is no draft to publish.');
  const data = parseVersionData(kind, draft.data);
  const live = (await readItemState(trx, kind, id))!;
  if (kind === 'widget') {
    const widget = data as WidgetVersionData;
    if (await isWidgetNameTaken(trx, widget.name, id)) throw AppError.field('name', messages.taken('name'));
    // The picture is the live one, whatever it was when the draft was saved.
    widget.image_id = (live as WidgetVersionData).image_id;
  }
  if ((await versions.countPublishedVersions(trx, kind, id)) === 0) await keepVersion(trx, kind, id, null);
  await applyItemState(trx, kind, id, data);
  await versions.deleteDraft(trx, kind, id);
  const kept = (await keepVersion(trx, kind, id, actor.userId))!;
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
