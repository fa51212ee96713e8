/**
 * The bin (docs/decisions/bin-as-soft-delete.md): a deleted gallery, testimonial or
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
import { AppError } from '#server/errors.ts';
import { listUserNames } from '#server/users/users.repository.ts';
import { binOf } from '#server/versions/content-kinds.ts';
import { decodeCursor, encodeCursor, type MergedPage } from '#server/db/keyset.ts';
import {
  BIN_KIND_LABELS,
  BIN_KINDS,
  BIN_PAGE_SIZE,
  type BinItem,
  type BinItemInput,
  type BinKind,
  type BinList,
  type BinListInput,
} from '#shared/schemas/bin.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;

function goneMeanwhile(kind: BinKind): AppError {
  const message = `This ${BIN_KIND_LABELS[kind].toLowerCase()} is no longer in the bin: it was restored or deleted for good meanwhile.`;
  return AppError.conflict(message, { id: [message] }, { kind });
}

/** The bin's cursor: the row's deleted_at in microseconds, then `kind-id` (the kinds share ids). */
function binCursor(cursor: string | undefined): MergedPage['cursor'] {
  if (cursor === undefined) return undefined;
  const { micros, id } = decodeCursor(cursor);
  const dash = id.lastIndexOf('-');
  const table = id.slice(0, dash);
  const rowId = id.slice(dash + 1);
  if (!(BIN_KINDS as readonly string[]).includes(table) || !/^\d{1,10}$/.test(rowId)) {
    throw AppError.validation({ cursor: ['This cursor is not one the bin gave.'] });
  }
  return { micros, id: rowId, table };
}

const byKey = (a: { key_micros: string; kind: string; id: number }, b: { key_micros: string; kind: string; id: number }) => {
  const ta = BigInt(a.key_micros);
  const tb = BigInt(b.key_micros);
  if (ta !== tb) return ta > tb ? -1 : 1;
  // Plain code-unit order, as afterMergedKeyset compares the kinds.
  return a.kind === b.kind ? b.id - a.id : a.kind < b.kind ? -1 : 1;
};

/**
 * A page of the bin, newest first, then kind, then id: each kind reads at most limit + 1 rows
 * after the cursor from its (deleted_at, id) order, and the merge keeps the first limit + 1.
 */
export async function listBin(deps: Deps, input: BinListInput = {}): Promise<BinList> {
  const limit = input.limit ?? BIN_PAGE_SIZE;
  const page: MergedPage = { limit: limit + 1, cursor: binCursor(input.cursor) };
  const listed = await Promise.all(BIN_KINDS.map(async (kind) => (await binOf(kind).list(deps.db, page)).map((row) => ({ kind, ...row }))));
  const merged = listed.flat().sort(byKey);
  const rows = merged.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor = merged.length > limit && last ? encodeCursor(last.key_micros, `${last.kind}-${last.id}`) : null;
  const names = await listUserNames(deps.db, [...new Set(rows.flatMap((r) => (r.deleted_by === null ? [] : [r.deleted_by])))]);
  const keepMs = deps.config.binKeepDays * DAY_MS;
  const data: BinItem[] = rows.map((r) => {
    const deletedAt = r.deleted_at ?? new Date(0);
    return {
      kind: r.kind,
      id: r.id,
      name: r.name,
      image_count: r.imageCount,
      deleted_at: deletedAt.toISOString(),
      deleted_by: r.deleted_by === null ? null : (names.get(r.deleted_by) ?? null),
      purge_after: new Date(deletedAt.getTime() + keepMs).toISOString(),
    };
  });
  return { data, keep_days: deps.config.binKeepDays, next_cursor: nextCursor };
}

export async function restoreFromBin(deps: Deps, input: BinItemInput, actor: Actor): Promise<void> {
  const { kind, id } = input;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const name = await binOf(kind).restore(trx, id);
      if (name === undefined) throw goneMeanwhile(kind);
      await recordActivity(trx, { actor, kind: 'bin-restored', item: { type: kind, id, label: name } });
    });
  } catch (error) {
    throw binOf(kind).restoreRefusal?.(error) ?? error;
  }
}

function purge(deps: Deps, kind: BinKind, id: number, actor: Actor): Promise<boolean> {
  return binOf(kind).purge(deps, id, actor);
}

export async function deleteFromBin(deps: Deps, input: BinItemInput, actor: Actor): Promise<void> {
  if (!(await purge(deps, input.kind, input.id, actor))) throw goneMeanwhile(input.kind);
}

/** The daily job: deletes for good what has been in the bin longer than BIN_KEEP_DAYS; returns how many. */
export async function emptyBin(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.binKeepDays * DAY_MS);
  let purged = 0;
  for (const kind of BIN_KINDS) {
    const ids = await binOf(kind).idsBinnedBefore(deps.db, before);
    // One at a time: a gallery's files go after its own commit; a retried run finds the rest.
    for (const id of ids) if (await purge(deps, kind, id, SYSTEM_ACTOR)) purged += 1;
  }
  return purged;
}
