/**
 * Widgets: the named blocks of text, image or video the pages show. HTML is sanitised here, on
 * save, whichever door (tRPC or REST) it came through.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { presentImageVariants } from '#server/images/image-presenter.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import type { Widget } from '#shared/schemas/content.ts';
import type { WidgetCreateInput, WidgetUpdateInput } from '#shared/schemas/content-inputs.ts';
import { messages } from '#shared/validation.ts';
import { isFixedWidgetName, sectionOfWidget, sectionTitle } from '#shared/content-sections.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { type Actor } from '#server/activity/actor.ts';
import { replaceImage } from '#server/images/images.service.ts';
import { LIST_CAPS } from '#shared/limits.ts';
import * as repo from './widgets.repository.ts';
import type { WidgetRecord } from './widgets.repository.ts';
import { keepVersion, withVersion } from '#server/versions/version-keeping.ts';
import { widgetContentKind } from './widget.content-kind.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

function presentWidget(deps: Pick<AppDeps, 'storage'>, row: WidgetRecord): Widget {
  const image = presentImageVariants(deps.storage, row);
  return { id: row.id, name: row.name, type: row.type, html: row.html, image_url: image?.large_url ?? null, alt: row.alt, image };
}

export async function getWidgetByName(deps: Deps, name: string): Promise<Widget> {
  const row = await repo.findWidgetByName(deps.db, name);
  if (!row) throw AppError.notFound();
  return presentWidget(deps, row);
}

export async function getWidget(deps: Deps, id: number): Promise<Widget> {
  const row = await repo.findWidgetById(deps.db, id);
  if (!row) throw AppError.notFound();
  return presentWidget(deps, row);
}

export async function listWidgets(deps: Deps): Promise<{ results: Widget[] }> {
  const rows = await repo.listWidgets(deps.db);
  return { results: rows.map((row) => presentWidget(deps, row)) };
}

const nameTaken = () => AppError.field('name', messages.taken('name'));

/** Where a fixed widget is shown, for the refusals' messages ("Home: introduction"). */
function placeOf(name: string): string {
  const s = sectionOfWidget(name);
  return s ? sectionTitle(s) : name;
}

/**
 * The pages read the SPEC's widgets by name and show them as their type: renaming one, or turning
 * a picture into text, would silently empty a section (docs/decisions/fixed-content-sections.md).
 */
function assertFixedWidgetKept(existing: { name: string; type: string }, input: WidgetUpdateInput): void {
  if (!isFixedWidgetName(existing.name)) return;
  const fieldErrors: Record<string, string[]> = {};
  if (input.name !== undefined && input.name !== existing.name)
    fieldErrors.name = [`The name of ${placeOf(existing.name)} cannot be changed: the page reads it by this name.`];
  if (input.type !== undefined && input.type !== existing.type)
    fieldErrors.type = [`The type of ${placeOf(existing.name)} cannot be changed: the page shows it as ${existing.type.toLowerCase()}.`];
  if (Object.keys(fieldErrors).length) throw AppError.validation(fieldErrors);
}

/**
 * For a delete (or a move to the bin): a widget the pages read cannot go, 409. Call it before
 * removing a widget, whichever door asked.
 */
export async function assertWidgetRemovable(deps: Pick<AppDeps, 'db'>, id: number): Promise<void> {
  const row = await repo.findWidgetById(deps.db, id);
  if (!row) throw AppError.notFound();
  if (isFixedWidgetName(row.name))
    throw AppError.conflict(
      `${placeOf(row.name)} cannot be deleted: the page shows it. Empty its content instead.`,
      {},
      { widget: row.name },
    );
}

export async function createWidget(deps: Deps, input: WidgetCreateInput, actor: Actor): Promise<Widget> {
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (await repo.isWidgetNameTaken(trx, input.name)) throw nameTaken();
      if ((await repo.countWidgetsUpTo(trx, LIST_CAPS.widgets)) >= LIST_CAPS.widgets)
        throw AppError.field('name', `The site holds at most ${LIST_CAPS.widgets} widgets: delete one you no longer use first.`);
      const widgetId = await repo.insertWidget(trx, { name: input.name, type: input.type });
      await keepVersion(trx, widgetContentKind, widgetId, actor.userId);
      await recordActivity(trx, {
        actor,
        kind: 'content-saved',
        item: { type: 'widget', id: widgetId, label: input.name },
        details: 'created',
      });
      return widgetId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    });
  return getWidget(deps, id);
}

/**
 * Updates a widget; `imagePath` is an uploaded file (already streamed to disk) that becomes the
 * widget's image. The image is processed before the transaction, and released again if the
 * update fails, so no row or file is left behind.
 */
export async function updateWidget(deps: Deps, input: WidgetUpdateInput, actor: Actor, imagePath?: string): Promise<Widget> {
  const existing = await repo.findWidgetById(deps.db, input.id);
  if (!existing) throw AppError.notFound();
  assertFixedWidgetKept(existing, input);
  if (input.name !== undefined && input.name !== existing.name && (await repo.isWidgetNameTaken(deps.db, input.name, input.id)))
    throw nameTaken();

  try {
    await replaceImage(deps, imagePath ? { path: imagePath, field: 'image' } : null, async (trx, image) => {
      const locked = await repo.lockWidget(trx, input.id);
      if (!locked) throw AppError.notFound();
      // The name read before the lock may have changed since: check the row as it is now.
      const current = await repo.findWidgetById(trx, input.id);
      if (current) assertFixedWidgetKept(current, input);
      const type = input.type ?? existing.type;
      const values: Parameters<typeof repo.updateWidgetRow>[2] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.alt !== undefined) values.alt = input.alt ?? '';
      // Re-sanitise on a type change too: a VIDEO's iframe must not survive becoming TEXT.
      const html = input.html ?? (input.type !== undefined ? existing.html : undefined);
      if (html !== undefined) values.html = type === 'VIDEO' ? sanitizeVideoHtml(html) : sanitizeRichText(html);
      if (image) values.image_id = image.id;
      // Every save keeps a version, in the save's transaction.
      await withVersion(trx, widgetContentKind, input.id, actor.userId, () => repo.updateWidgetRow(trx, input.id, values));
      await recordActivity(trx, {
        actor,
        kind: 'content-saved',
        item: { type: 'widget', id: input.id, label: input.name ?? locked.name },
        details: image ? 'image changed' : null,
      });
      return { result: undefined, replaced: image ? [locked.image_id] : [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getWidget(deps, input.id);
}

/**
 * Moves a widget to the bin, its image and files untouched (bin/bin.service.ts restores it or
 * deletes it for good with widget.content-kind.ts). A widget the pages read cannot go: 409
 * (`assertWidgetRemovable`).
 */
export async function moveWidgetToBin(deps: Pick<AppDeps, 'db'>, id: number, actor: Actor): Promise<void> {
  await assertWidgetRemovable(deps, id);
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.binWidget(trx, id, actor.userId);
    if (!row) throw AppError.notFound();
    await recordActivity(trx, { actor, kind: 'content-deleted', item: { type: 'widget', id, label: row.name } });
  });
}
