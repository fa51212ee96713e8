/**
 * The activity log: one log of what people did (docs/decisions/activity-log.md).
 *
 * - `recordActivity(trx, entry)` (record-activity.ts, apart so that any service can import it
 *   without this module's reads) writes an entry in the transaction of the change it records, so
 *   a change rolled back leaves no entry and a change made always has one. Every service that
 *   makes a logged change calls it; the actor comes from the router (actor.ts).
 * - The screen and its CSV read with the same filters (person, kind, from/to days in the shop's
 *   time zone). Entries are never edited or deleted from the site; `pruneActivity` removes those
 *   older than ACTIVITY_KEEP_DAYS (a daily job).
 */
import { TZDate } from '@date-fns/tz';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import {
  ACTIVITY_COUNT_CAP,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_PEOPLE_DEFAULT,
  type ActivityEntry,
  type ActivityFilterInput,
  type ActivityListInput,
  type ActivityPage,
  type ActivityPeopleInput,
} from '#shared/schemas/activity.ts';
import * as repo from './activity-entries.repository.ts';
import type { ActivityEntryRecord, ActivityFilter, ActivityKeyset } from './activity-entries.repository.ts';
import { activityCsvChunks } from './activity-csv.ts';
import { describeEntry, linkOfEntry } from './activity-words.ts';

export { recordActivity, forgetActivityPerson, type ActivityEntryInput, type ActivityItem } from './record-activity.ts';

function present(row: ActivityEntryRecord): ActivityEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    user_id: row.actor_user_id,
    actor_name: row.actor_label,
    ip: row.ip_address,
    kind: row.kind,
    what: describeEntry(row),
    item_type: row.item_type,
    item_id: row.item_id,
    item_label: row.item_label,
    version_id: row.version_id,
    details: row.details,
    link: linkOfEntry(row),
  };
}

/** The start of a calendar day in the shop's time zone. */
function startOfShopDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function toFilter(deps: Pick<AppDeps, 'db' | 'publicContent'>, input: ActivityFilterInput): Promise<ActivityFilter> {
  if (input.from && input.to && input.to < input.from) throw AppError.field('to', 'The to date must be on or after the from date.');
  const timeZone = input.from || input.to ? (await readShop(deps)).timeZone : 'UTC';
  return {
    userId: input.user,
    kind: input.kind,
    since: input.from ? startOfShopDay(input.from, timeZone) : undefined,
    before: input.to ? startOfShopDay(nextDay(input.to), timeZone) : undefined,
  };
}

/** A page's `next_cursor`: the last entry's exact time and id, opaque to the client. */
function encodeCursor(row: ActivityEntryRecord): string {
  return Buffer.from(`${row.created_at_exact}|${row.id}`).toString('base64url');
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/;

function decodeCursor(cursor: string): ActivityKeyset {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw AppError.field('cursor', 'The cursor is not one this log gave.');
  return { createdAt: match[1]!, id: Number(match[2]) };
}

/**
 * A page of the log, newest first: after `cursor` (keyset), or the numbered `page` older REST
 * clients ask for (an offset, kept working). One row more than the page tells whether there is a
 * next one; the count stops ACTIVITY_COUNT_CAP past the page's start.
 */
export async function listActivity(deps: Pick<AppDeps, 'db' | 'publicContent'>, input: ActivityListInput): Promise<ActivityPage> {
  const filter = await toFilter(deps, input);
  const limit = input.limit ?? ACTIVITY_PAGE_SIZE;
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const page = after ? null : (input.page ?? 1);
  const offset = page === null ? 0 : (page - 1) * limit;
  const cap = offset + ACTIVITY_COUNT_CAP;
  const rows = await repo.listActivityEntries(deps.db, filter, limit + 1, { after, offset });
  const counted = await repo.countActivityEntriesUpTo(deps.db, filter, cap);
  const shown = rows.slice(0, limit);
  const total = Math.min(counted, cap);
  return {
    data: shown.map(present),
    next_cursor: rows.length > limit ? encodeCursor(shown.at(-1)!) : null,
    total,
    total_capped: counted > cap,
    per_page: limit,
    current_page: page,
    last_page: page === null ? null : Math.max(1, Math.ceil(total / limit)),
  };
}

function personName(u: { firstname: string; lastname: string; email: string }): string {
  return `${u.firstname} ${u.lastname}`.trim() || u.email;
}

/** The "Person" filter's choices as one types, and the chosen person first when not among them. */
export async function listActivityPeople(
  deps: Pick<AppDeps, 'db'>,
  input: ActivityPeopleInput,
): Promise<Array<{ id: number; name: string }>> {
  const rows = await repo.listActivityPeople(deps.db, { search: input?.search, limit: input?.limit ?? ACTIVITY_PEOPLE_DEFAULT });
  const people = rows.map((u) => ({ id: u.id, name: personName(u) }));
  const chosen = input?.user;
  if (chosen === undefined || people.some((p) => p.id === chosen)) return people;
  const person = await repo.findActivityPerson(deps.db, chosen);
  return person ? [{ id: person.id, name: personName(person) }, ...people] : people;
}

/**
 * The filtered entries as CSV (newest first, every one of them), the times in the shop's time
 * zone: the filters are checked now (a 422 before any byte), then the text comes a batch at a
 * time as the reader takes it (keyset batches, written by the database: activity-csv.ts), so memory stays the same for a
 * day or ten years.
 */
export async function activityCsv(deps: Pick<AppDeps, 'db' | 'publicContent'>, input: ActivityFilterInput): Promise<AsyncIterable<string>> {
  const filter = await toFilter(deps, input);
  const { timeZone } = await readShop(deps);
  return activityCsvChunks(deps.db, filter, timeZone);
}

// Lets other requests' queries run between two batches: PGlite has one connection for the site.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Entries deleted per statement by the retention job: each batch is short, however large the log. */
const PRUNE_BATCH = 1000;

/**
 * The retention job: entries older than ACTIVITY_KEEP_DAYS go, a batch at a time, stopping
 * between batches once `stop()` says so (the site is closing; the next run goes on); returns how many.
 */
export async function pruneActivity(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now = new Date(),
  stop: () => boolean = () => false,
): Promise<number> {
  const before = new Date(now.getTime() - deps.config.activityKeepDays * 24 * 60 * 60 * 1000);
  let pruned = 0;
  for (;;) {
    const deleted = await repo.deleteActivityEntriesBefore(deps.db, before, PRUNE_BATCH);
    pruned += deleted;
    if (deleted < PRUNE_BATCH || stop()) return pruned;
    await nextTurn();
  }
}
