/**
 * Scheduled content changes: a draft published, or a published item put back to its
 * previous version, at a date and time on the shop's clock (a holiday notice from 20 December to
 * 2 January). The row of scheduled_changes and its held pg-boss job are written in one
 * transaction, so the schedule survives restarts and runs on whichever copy is up; the run claims
 * the row by compare-and-set, so it happens once however many copies or tries there are.
 */
import type { AppDeps } from '#server/app-deps.ts';
import { recordActivity } from '#server/activity/record-activity.ts';
import type { Actor } from '#server/activity/actor.ts';
import { minutesOf, wallClockInstant } from '#shared/calendar-date.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { AppError } from '#server/errors.ts';
import { scheduledContentChangeJob } from '#server/jobs/definitions/scheduled-content-change.ts';
import type { DraftKind, ScheduleChangeInput, ScheduledChange, ScheduledChangesInput } from '#shared/schemas/versions.ts';
import { SCHEDULED_ACTION_LABELS } from '#shared/value-sets.ts';
import * as repo from './scheduled-changes.repository.ts';
import * as versions from './content-versions.repository.ts';
import type { VersionData } from './content-kind.ts';
import { contentKind } from './content-kinds.ts';

/** How long finished, failed and cancelled changes stay in the list. */
const RECENT_DAYS = 7;
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'publicContent'>;

/** A 409 rather than a 404 when the item is in the bin: the admin's screen was opened before it went. */
async function missingItem(deps: Pick<AppDeps, 'db'>, kind: DraftKind, id: number): Promise<AppError> {
  const bin = contentKind(kind).bin;
  const binned = bin !== undefined && (await bin.isBinned(deps.db, id));
  return binned ? AppError.deletedMeanwhile() : AppError.notFound();
}

/** The instant the shop's wall clock shows `date` `time`; a 422 on the field at fault otherwise. */
function runAtOf(date: string, time: string, timeZone: string, now: Date): Date {
  const instant = wallClockInstant(date, minutesOf(time), timeZone);
  // A time the clocks skip (spring forward) does not exist on that day.
  if (!instant) throw AppError.field('time', 'That time does not exist on that day (the clocks change). Choose another time.');
  if (instant.getTime() <= now.getTime()) throw AppError.field('time', 'Choose a time in the future.');
  if (instant.getTime() - now.getTime() > MAX_AHEAD_MS) throw AppError.field('date', 'Choose a date at most a year ahead.');
  return instant;
}

/**
 * Schedules a publish of the item's draft or a revert to its previous version. The row, its held
 * job and the activity entry are one transaction: a schedule exists with its job or not at all.
 */
export async function scheduleChange(deps: Deps, input: ScheduleChangeInput, actor: Actor, now = new Date()): Promise<ScheduledChange> {
  const { timeZone } = await readShop(deps);
  const runAt = runAtOf(input.date, input.time, timeZone, now);
  const kind = contentKind(input.kind);
  if (!(await kind.read(deps.db, input.id))) throw await missingItem(deps, input.kind, input.id);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (!(await kind.lock(trx, input.id))) throw AppError.deletedMeanwhile();
    const state = (await kind.read(trx, input.id))!;
    // What is published then is the draft of that moment; there has to be one to start with.
    if (input.action === 'publish-draft' && !(await versions.findDraft(trx, input.kind, input.id))) {
      throw AppError.field('action', 'There is no draft to schedule. Save a draft first.');
    }
    const inserted = await repo.insertScheduledChange(trx, {
      kind: input.kind,
      itemId: input.id,
      action: input.action,
      runAt,
      createdBy: actor.userId,
    });
    if (inserted === undefined) {
      const message = 'This change is already scheduled for that time.';
      throw AppError.conflict(message, { time: [message] }, { reason: 'already-scheduled' });
    }
    const jobId = await deps.jobs.send(scheduledContentChangeJob, { scheduledChangeId: inserted }, { trx, startAfter: runAt });
    await repo.setJobId(trx, inserted, jobId);
    await recordActivity(trx, {
      actor,
      kind: 'content-scheduled',
      item: { type: input.kind, id: input.id, label: labelOf(input.kind, state) },
      details: `${SCHEDULED_ACTION_LABELS[input.action]} at ${runAt.toISOString()}`,
    });
    return inserted;
  });
  return presentOne(deps, id);
}

function labelOf(kind: DraftKind, state: VersionData | undefined): string | null {
  return contentKind(kind).label(state);
}

function personName(row: repo.ScheduledChangeRecord): string | null {
  if (row.author_firstname === null) return null;
  return `${row.author_firstname} ${row.author_lastname ?? ''}`.trim();
}

async function present(deps: Pick<AppDeps, 'db'>, rows: repo.ScheduledChangeRecord[]): Promise<ScheduledChange[]> {
  // A few items at most: each read once for its current name.
  const labels = new Map<string, string | null>();
  for (const row of rows) {
    const key = `${row.item_kind}:${row.item_id}`;
    if (!labels.has(key)) labels.set(key, labelOf(row.item_kind, await contentKind(row.item_kind).read(deps.db, row.item_id)));
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.item_kind,
    item_id: row.item_id,
    item_label: labels.get(`${row.item_kind}:${row.item_id}`) ?? null,
    action: row.action,
    run_at: new Date(row.run_at).toISOString(),
    state: row.state,
    outcome: row.outcome,
    scheduled_by: personName(row),
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  }));
}

async function presentOne(deps: Pick<AppDeps, 'db'>, id: number): Promise<ScheduledChange> {
  const row = await repo.findScheduledChange(deps.db, id);
  if (!row) throw AppError.notFound();
  return (await present(deps, [row]))[0]!;
}

/** Pending changes, soonest first, then those that ended in the last week (failures with their reason). */
export async function listScheduledChanges(deps: Pick<AppDeps, 'db'>, filter: ScheduledChangesInput): Promise<ScheduledChange[]> {
  const rows = await repo.listScheduledChanges(deps.db, { kind: filter.kind, itemId: filter.id }, RECENT_DAYS);
  return present(deps, rows);
}

/**
 * Cancels a pending change and its held job. Should the job run all the same (it was already
 * running), it finds the row cancelled and does nothing.
 */
export async function cancelScheduledChange(deps: Pick<AppDeps, 'db' | 'jobs'>, id: number, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findScheduledChange(trx, id);
    if (!row) throw AppError.notFound();
    const cancelled = await repo.finishPending(trx, id, 'cancelled', null);
    if (!cancelled) {
      const message = row.state === 'cancelled' ? 'This change was already cancelled.' : 'This change has already run.';
      throw new AppError('CONFLICT', message, undefined, undefined, { reason: row.state });
    }
    if (row.job_id) await deps.jobs.cancel(scheduledContentChangeJob, row.job_id, { trx });
    await recordActivity(trx, {
      actor,
      kind: 'schedule-cancelled',
      item: {
        type: row.item_kind,
        id: row.item_id,
        label: labelOf(row.item_kind, await contentKind(row.item_kind).read(trx, row.item_id)),
      },
      details: `${SCHEDULED_ACTION_LABELS[row.action]} at ${new Date(row.run_at).toISOString()}`,
    });
  });
}
