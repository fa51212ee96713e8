/**
 * The widget as a content kind (versions/content-kind.ts): how its history, drafts, bin and
 * preview read and write it. A picture is not drafted: the live one stays.
 */
import { recordActivity } from '#server/activity/record-activity.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { AppError } from '#server/errors.ts';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';
import { findImageVariants } from '#server/images/images.repository.ts';
import { releaseImagesQuietly } from '#server/images/images.service.ts';
import type { ContentKindAdapter } from '#server/versions/content-kind.ts';
import { forgetItemHistory } from '#server/versions/version-keeping.ts';
import type { DraftSaveInput, WidgetVersionData } from '#shared/schemas/versions.ts';
import { messages } from '#shared/validation.ts';
import * as repo from './widgets.repository.ts';

function widgetNameTaken(name: string): AppError {
  const message = `A widget named “${name}” exists again. Rename or delete that widget first, then restore this one.`;
  return AppError.conflict(message, { name: [message] }, { kind: 'widget', name });
}

export const widgetContentKind = {
  kind: 'widget',
  label: (state) => (state as WidgetVersionData | undefined)?.name ?? null,
  async read(db, id) {
    const row = await repo.findWidgetById(db, id);
    return row && { name: row.name, type: row.type, html: row.html, alt: row.alt, image_id: row.image_id };
  },
  lock: async (db, id) => (await repo.lockWidget(db, id)) !== undefined,
  // A picture that no longer exists leaves the current one.
  async writeBack(db, id, data) {
    const widget = data as WidgetVersionData;
    const current = await repo.lockWidget(db, id);
    const imageId =
      widget.image_id !== null && (await findImageVariants(db, [widget.image_id])).length > 0
        ? widget.image_id
        : (current?.image_id ?? null);
    await repo.updateWidgetRow(db, id, { name: widget.name, type: widget.type, html: widget.html, alt: widget.alt, image_id: imageId });
    return current?.image_id != null && current.image_id !== imageId ? [current.image_id] : [];
  },
  imagesOf(data) {
    const widget = data as WidgetVersionData;
    return widget.image_id === null ? [] : [widget.image_id];
  },
  bin: {
    list: async (db, page) => (await repo.listBinnedWidgets(db, page)).map((row) => ({ ...row, imageCount: null })),
    idsBinnedBefore: repo.listWidgetIdsBinnedBefore,
    isBinned: async (db, id) => (await repo.lockBinnedWidget(db, id)) !== undefined,
    async restore(trx, id) {
      const row = await repo.lockBinnedWidget(trx, id);
      if (!row) return undefined;
      if (await repo.isWidgetNameTaken(trx, row.name)) throw widgetNameTaken(row.name);
      await repo.unbinWidget(trx, id);
      return row.name;
    },
    // Two restores racing for one name: the database's unique index decides.
    restoreRefusal: (error) => (isUniqueViolation(error) ? widgetNameTaken('') : undefined),
    /** Deletes a binned widget for good, then its image once nothing else names it. */
    async purge(deps, id, actor) {
      const imageIds = await deps.db.transaction().execute(async (trx) => {
        const locked = await repo.lockBinnedWidget(trx, id);
        if (!locked) return undefined;
        await repo.deleteBinnedWidgetRow(trx, id);
        const keptByHistory = await forgetItemHistory(trx, 'widget', id);
        await recordActivity(trx, { actor, kind: 'bin-purged', item: { type: 'widget', id, label: locked.name } });
        return [locked.image_id, ...keptByHistory];
      });
      if (imageIds === undefined) return false;
      await releaseImagesQuietly(deps, imageIds);
      return true;
    },
  },
  draft: {
    fromInput(draftInput, live) {
      const input = draftInput as Extract<DraftSaveInput, { kind: 'widget' }>;
      const current = live as WidgetVersionData;
      const type = input.type ?? current.type;
      const html = input.html ?? current.html;
      return {
        name: input.name ?? current.name,
        type,
        html: type === 'VIDEO' ? sanitizeVideoHtml(html) : sanitizeRichText(html),
        alt: input.alt ?? current.alt,
        image_id: current.image_id,
      };
    },
    async check(trx, id, data) {
      if (await repo.isWidgetNameTaken(trx, (data as WidgetVersionData).name, id)) throw AppError.field('name', messages.taken('name'));
    },
    toPublish: (data, live) => ({ ...(data as WidgetVersionData), image_id: (live as WidgetVersionData).image_id }),
    overlay: (drafts) => ({
      widget(widget) {
        const draft = drafts.get(widget.id) as WidgetVersionData | undefined;
        return draft ? { ...widget, name: draft.name, type: draft.type, html: draft.html, alt: draft.alt } : widget;
      },
    }),
  },
} satisfies ContentKindAdapter;
