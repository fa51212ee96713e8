/**
 * The bin (issue 27, docs/decisions/bin-as-soft-delete.md): a deleted gallery, testimonial or
 * widget keeps its row (deleted_at, deleted_by) and its files for BIN_KEEP_DAYS; every normal read
 * skips it. From here an admin restores it whole (a gallery with its images) or deletes it for
 * good, which is what a delete did before the bin (the rows, then the files nothing else names);
 * a daily job does the same to what has been in the bin longer than BIN_KEEP_DAYS.
 *
 * A restore or a delete-for-good of an item that is no longer in the bin (restored or deleted
 * meanwhile) is a 409, as is restoring a widget whose name a live widget has taken since.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import { SYSTEM_ACTOR, type Actor } from '#server/activity/actor.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { AppError } from '#server/errors.ts';
import * as galleries from '#server/galleries/galleries.repository.ts';
import { purgeBinnedGallery } from '#server/galleries/galleries.service.ts';
import * as testimonials from '#server/testimonials/testimonials.repository.ts';
import { purgeBinnedTestimonial } from '#server/testimonials/testimonials.service.ts';
import { findUserNames } from '#server/users/users.repository.ts';
import * as widgets from '#server/widgets/widgets.repository.ts';
import { purgeBinnedWidget } from '#server/widgets/widgets.service.ts';
import { BIN_KIND_LABELS, type BinItem, type BinItemInput, type BinKind, type BinList } from '#shared/schemas/bin.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;

function goneMeanwhile(kind: BinKind): AppError {
  const message = `This ${BIN_KIND_LABELS[kind].toLowerCase()} is no longer in the bin: it was restored or deleted for good meanwhile.`;
  return AppError.conflict(message, { id: [message] }, { kind });
}

function widgetNameTaken(name: string): AppError {
  const message = `A widget named “${name}” exists again. Rename or delete that widget first, then restore this one.`;
  return AppError.conflict(message, { name: [message] }, { kind: 'widget', name });
}

export async function listBin(deps: Deps): Promise<BinList> {
  const [g, t, w] = await Promise.all([
    galleries.listBinnedGalleries(deps.db),
    testimonials.listBinnedTestimonials(deps.db),
    widgets.listBinnedWidgets(deps.db),
  ]);
  const rows: Array<{
    kind: BinKind;
    id: number;
    name: string;
    deleted_at: Date | null;
    deleted_by: number | null;
    imageCount: number | null;
  }> = [
    ...g.map((r) => ({ kind: 'gallery' as const, ...r, imageCount: Number(r.image_count ?? 0) })),
    ...t.map((r) => ({ kind: 'testimonial' as const, ...r, imageCount: null })),
    ...w.map((r) => ({ kind: 'widget' as const, ...r, imageCount: null })),
  ];
  const names = await findUserNames(deps.db, [...new Set(rows.flatMap((r) => (r.deleted_by === null ? [] : [r.deleted_by])))]);
  const keepMs = deps.config.binKeepDays * DAY_MS;
  const data: BinItem[] = rows
    .map((r) => {
      const deletedAt = r.deleted_at ?? new Date(0);
      return {
        kind: r.kind,
        id: r.id,
        name: r.name,
        imageCount: r.imageCount,
        deletedAt: deletedAt.toISOString(),
        deletedBy: r.deleted_by === null ? null : (names.get(r.deleted_by) ?? null),
        purgeAfter: new Date(deletedAt.getTime() + keepMs).toISOString(),
      };
    })
    .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.kind.localeCompare(b.kind) || b.id - a.id);
  return { data, keepDays: deps.config.binKeepDays };
}

export async function restoreFromBin(deps: Deps, input: BinItemInput, actor: Actor): Promise<void> {
  const { kind, id } = input;
  try {
    await deps.db.transaction().execute(async (trx) => {
      let name: string;
      if (kind === 'gallery') {
        const row = await galleries.unbinGallery(trx, id);
        if (!row) throw goneMeanwhile(kind);
        name = row.name;
      } else if (kind === 'testimonial') {
        const row = await testimonials.unbinTestimonial(trx, id);
        if (!row) throw goneMeanwhile(kind);
        name = row.name;
      } else {
        const row = await widgets.lockBinnedWidget(trx, id);
        if (!row) throw goneMeanwhile(kind);
        if (await widgets.isWidgetNameTaken(trx, row.name)) throw widgetNameTaken(row.name);
        await widgets.unbinWidget(trx, id);
        name = row.name;
      }
      await recordActivity(trx, { actor, kind: 'bin-restored', item: { type: kind, id, label: name } });
    });
  } catch (error) {
    // Two restores racing for one name: the database's unique index decides.
    if (kind === 'widget' && isUniqueViolation(error)) throw widgetNameTaken('');
    throw error;
  }
}

async function purge(deps: Deps, kind: BinKind, id: number, actor: Actor): Promise<boolean> {
  if (kind === 'gallery') return purgeBinnedGallery(deps, id, actor);
  if (kind === 'testimonial') return purgeBinnedTestimonial(deps, id, actor);
  return purgeBinnedWidget(deps, id, actor);
}

export async function deleteFromBin(deps: Deps, input: BinItemInput, actor: Actor): Promise<void> {
  if (!(await purge(deps, input.kind, input.id, actor))) throw goneMeanwhile(input.kind);
}

/** The daily job: deletes for good what has been in the bin longer than BIN_KEEP_DAYS; returns how many. */
export async function emptyBin(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.binKeepDays * DAY_MS);
  const due: Array<[BinKind, number[]]> = [
    ['gallery', await galleries.listGalleryIdsBinnedBefore(deps.db, before)],
    ['testimonial', await testimonials.listTestimonialIdsBinnedBefore(deps.db, before)],
    ['widget', await widgets.listWidgetIdsBinnedBefore(deps.db, before)],
  ];
  let purged = 0;
  for (const [kind, ids] of due) {
    // One at a time: a gallery's files go after its own commit; a retried run finds the rest.
    for (const id of ids) if (await purge(deps, kind, id, SYSTEM_ACTOR)) purged += 1;
  }
  return purged;
}
