/**
 * Widgets: the named blocks of text, image or video the pages show. HTML is sanitised here, on
 * save, whichever door (tRPC or REST) it came through.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { presentImageVariants } from '#server/images/image-presenter.ts';
import { replaceImage } from '#server/images/images.service.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import type { Widget } from '#shared/schemas/content.ts';
import type { WidgetCreateInput, WidgetUpdateInput } from '#shared/schemas/content-inputs.ts';
import { messages } from '#shared/validation.ts';
import * as repo from './widgets.repository.ts';
import type { WidgetRecord } from './widgets.repository.ts';
import { keepVersion, withVersion, type Author } from '#server/versions/versions.service.ts';

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

export async function createWidget(deps: Deps, input: WidgetCreateInput, author: Author = null): Promise<Widget> {
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (await repo.isWidgetNameTaken(trx, input.name)) throw nameTaken();
      const widgetId = await repo.insertWidget(trx, { name: input.name, type: input.type });
      await keepVersion(trx, 'widget', widgetId, author);
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
export async function updateWidget(deps: Deps, input: WidgetUpdateInput, imagePath?: string, author: Author = null): Promise<Widget> {
  const existing = await repo.findWidgetById(deps.db, input.id);
  if (!existing) throw AppError.notFound();
  if (input.name !== undefined && input.name !== existing.name && (await repo.isWidgetNameTaken(deps.db, input.name, input.id)))
    throw nameTaken();

  try {
    await replaceImage(deps, imagePath ? { path: imagePath, field: 'image' } : null, async (trx, image) => {
      const locked = await repo.lockWidget(trx, input.id);
      if (!locked) throw AppError.notFound();
      const type = input.type ?? existing.type;
      const values: Parameters<typeof repo.updateWidgetRow>[2] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.alt !== undefined) values.alt = input.alt ?? '';
      // Re-sanitise on a type change too: a VIDEO's iframe must not survive becoming TEXT.
      const html = input.html ?? (input.type !== undefined ? existing.html : undefined);
      if (html !== undefined) values.html = type === 'VIDEO' ? sanitizeVideoHtml(html) : sanitizeRichText(html);
      if (image) values.image_id = image.id;
      // Every save keeps a version (issue 27), in the save's transaction.
      await withVersion(trx, 'widget', input.id, author, () => repo.updateWidgetRow(trx, input.id, values));
      return { result: undefined, replaced: image ? [locked.image_id] : [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getWidget(deps, input.id);
}
