// SQL for scheduled_changes: the publishes and reverts admins scheduled, and their runs.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { DraftKind } from '#shared/schemas/versions.ts';
import type { ScheduledAction, ScheduledChangeState } from '#shared/value-sets.ts';

type Db = Kysely<Database>;

function selectChanges(db: Db) {
  return db
    .selectFrom('scheduled_changes')
    .leftJoin('users', 'users.id', 'scheduled_changes.created_by')
    .selectAll('scheduled_changes')
    .select(['users.firstname as author_firstname', 'users.lastname as author_lastname']);
}

export type ScheduledChangeRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof selectChanges>['executeTakeFirst']>>>;

export function findScheduledChange(db: Db, id: number) {
  return selectChanges(db).where('scheduled_changes.id', '=', id).executeTakeFirst();
}

/** Inserts a pending change; undefined when the same one is already pending (the partial unique index). */
export async function insertScheduledChange(
  db: Db,
  values: { kind: DraftKind; itemId: number; action: ScheduledAction; runAt: Date; createdBy: number | null },
): Promise<number | undefined> {
  const row = await db
    .insertInto('scheduled_changes')
    .values({ item_kind: values.kind, item_id: values.itemId, action: values.action, run_at: values.runAt, created_by: values.createdBy })
    .onConflict((oc) => oc.columns(['item_kind', 'item_id', 'action', 'run_at']).where('state', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setJobId(db: Db, id: number, jobId: string | null): Promise<void> {
  await db.updateTable('scheduled_changes').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** Pending changes, soonest first, and those that ended in the last `recentDays` days, newest first. */
export function listScheduledChanges(db: Db, filter: { kind?: DraftKind; itemId?: number }, recentDays: number) {
  let query = selectChanges(db).where((eb) =>
    eb.or([
      eb('scheduled_changes.state', '=', 'pending'),
      eb('scheduled_changes.finished_at', '>=', sql<Date>`now() - make_interval(days => ${recentDays})`),
    ]),
  );
  if (filter.kind) query = query.where('scheduled_changes.item_kind', '=', filter.kind);
  if (filter.itemId !== undefined) query = query.where('scheduled_changes.item_id', '=', filter.itemId);
  return query
    .orderBy(sql`case when scheduled_changes.state = 'pending' then 0 else 1 end`)
    .orderBy(sql`case when scheduled_changes.state = 'pending' then scheduled_changes.run_at end`, 'asc')
    .orderBy('scheduled_changes.finished_at', 'desc')
    .orderBy('scheduled_changes.id', 'desc')
    .execute();
}

/**
 * Moves a pending change to `state` (a compare-and-set): the run's claim and a cancel. Returns the
 * row when this call moved it; undefined when it was not pending (a second run or copy, a cancel).
 */
export function finishPending(db: Db, id: number, state: Exclude<ScheduledChangeState, 'pending'>, outcome: string | null) {
  return db
    .updateTable('scheduled_changes')
    .set({ state, outcome, finished_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Sets what the run did, after it claimed the row (state done or failed). */
export async function setOutcome(db: Db, id: number, state: 'done' | 'failed', outcome: string): Promise<void> {
  await db.updateTable('scheduled_changes').set({ state, outcome }).where('id', '=', id).execute();
}
