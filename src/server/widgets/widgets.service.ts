/**
 * Widgets: the named blocks of text, image or video the pages show. HTML is sanitised here, on
 * save, whichever door (tRPC or REST) it came through.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { presentImageVariants, releaseImages, storeImage } from '#server/files/images.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import type { Widget } from '#shared/schemas/content.ts';
import type { WidgetCreateInput, WidgetUpdateInput } from '#shared/schemas/content-inputs.ts';
import { messages } from '#shared/validation.ts';
import * as repo from './widgets.repository.ts';
import type { WidgetRecord } from './widgets.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

export function presentWidget(deps: Pick<AppDeps, 'storage'>, row: WidgetRecord): Widget {
  const image =
    row.image_id !== null && row.large_key && row.thumb_key
      ? presentImageVariants(deps.storage, {
          large_key: row.large_key,
          large_width: row.large_width!,
          large_height: row.large_height!,
          thumb_key: row.thumb_key,
          thumb_width: row.thumb_width!,
          thumb_height: row.thumb_height!,
        })
      : null;
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

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function createWidget(deps: Deps, input: WidgetCreateInput): Promise<Widget> {
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (await repo.isWidgetNameTaken(trx, input.name)) throw nameTaken();
      return repo.insertWidget(trx, { name: input.name, type: input.type });
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
export async function updateWidget(deps: Deps, input: WidgetUpdateInput, imagePath?: string): Promise<Widget> {
  const existing = await repo.findWidgetById(deps.db, input.id);
  if (!existing) throw AppError.notFound();
  if (input.name !== undefined && input.name !== existing.name && (await repo.isWidgetNameTaken(deps.db, input.name, input.id)))
    throw nameTaken();

  const newImage = imagePath ? await storeImage(deps.db, deps.storage, { path: imagePath }, 'image', { moveSource: true }) : undefined;
  let previousImageId: number | null = null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const locked = await repo.lockWidget(trx, input.id);
      if (!locked) throw AppError.notFound();
      previousImageId = locked.image_id;
      const type = input.type ?? existing.type;
      const values: Parameters<typeof repo.updateWidgetRow>[2] = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.alt !== undefined) values.alt = input.alt ?? '';
      // Re-sanitise on a type change too: a VIDEO's iframe must not survive becoming TEXT.
      const html = input.html ?? (input.type !== undefined ? existing.html : undefined);
      if (html !== undefined) values.html = type === 'VIDEO' ? sanitizeVideoHtml(html) : sanitizeRichText(html);
      if (newImage) values.image_id = newImage.id;
      await repo.updateWidgetRow(trx, input.id, values);
    });
  } catch (error) {
    if (newImage) await releaseImages(deps.db, deps.storage, [newImage.id]);
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  if (newImage && previousImageId !== null && previousImageId !== newImage.id) {
    await releaseImages(deps.db, deps.storage, [previousImageId]).catch((err: unknown) => deps.log.warn({ err }, 'image cleanup failed'));
  }
  return getWidget(deps, input.id);
}
