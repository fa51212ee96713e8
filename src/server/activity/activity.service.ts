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
import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '#server/app-deps.ts';
import { AppError } from '#server/errors.ts';
import { readShop } from '#server/shop/shop.service.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { screenPath } from '#shared/screen-paths.ts';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityFilterInput,
  type ActivityListInput,
  type ActivityPage,
} from '#shared/schemas/activity.ts';
import { ACTIVITY_KIND_LABELS } from '#shared/value-sets.ts';
import * as repo from './activity-entries.repository.ts';
import type { ActivityEntryRecord, ActivityFilter } from './activity-entries.repository.ts';

export { recordActivity, forgetActivityPerson, type ActivityEntryInput, type ActivityItem } from './record-activity.ts';

const ITEM_NAMES: Record<string, string> = {
  gallery: 'gallery',
  testimonial: 'testimonial',
  widget: 'widget',
  user: 'user',
  shop: 'shop details',
  backup: 'backup',
  account: 'account',
};

const ADMIN_LINKS: Record<string, (id: number) => string> = {
  gallery: (id) => screenPath('adminGallery', { id }),
  widget: (id) => screenPath('adminWidget', { id }),
  user: (id) => screenPath('adminUser', { id }),
  testimonial: () => screenPath('adminTestimonials'),
};

function describe(row: Pick<ActivityEntryRecord, 'kind' | 'item_type' | 'item_label'>): string {
  const label = ACTIVITY_KIND_LABELS[row.kind] ?? row.kind;
  if (!row.item_type) return label;
  const noun = ITEM_NAMES[row.item_type] ?? row.item_type;
  return row.item_label ? `${label}: ${noun} “${row.item_label}”` : `${label}: ${noun}`;
}

function linkOf(row: ActivityEntryRecord): string | null {
  if (row.kind === 'content-deleted') return screenPath('adminBin');
  if (row.kind === 'bin-purged' || row.kind === 'user-deleted' || row.kind === 'account-deleted') return null;
  if (row.item_type === 'shop') return screenPath('adminShop');
  const link = row.item_type ? ADMIN_LINKS[row.item_type] : undefined;
  return link && row.item_id !== null ? link(row.item_id) : null;
}

function present(row: ActivityEntryRecord): ActivityEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    user_id: row.actor_user_id,
    actor_name: row.actor_label,
    ip: row.ip_address,
    kind: row.kind,
    what: describe(row),
    item_type: row.item_type,
    item_id: row.item_id,
    item_label: row.item_label,
    version_id: row.version_id,
    details: row.details,
    link: linkOf(row),
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

export async function listActivity(deps: Pick<AppDeps, 'db' | 'publicContent'>, input: ActivityListInput): Promise<ActivityPage> {
  const filter = await toFilter(deps, input);
  const page = input.page ?? 1;
  const [rows, total] = await Promise.all([
    repo.listActivityEntries(deps.db, filter, ACTIVITY_PAGE_SIZE, (page - 1) * ACTIVITY_PAGE_SIZE),
    repo.countActivityEntries(deps.db, filter),
  ]);
  return {
    data: rows.map(present),
    total,
    per_page: ACTIVITY_PAGE_SIZE,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
  };
}

export async function listActivityPeople(deps: Pick<AppDeps, 'db'>): Promise<Array<{ id: number; name: string }>> {
  const rows = await repo.listActivityPeople(deps.db);
  return rows.map((u) => ({ id: u.id, name: `${u.firstname} ${u.lastname}`.trim() || u.email }));
}

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or carriage return before one) is
 * prefixed with an apostrophe (OWASP's CSV injection advice). A spreadsheet that splits on another
 * separator (a semicolon, a tab, a pipe) or a line break starts a cell inside ours, so a trigger
 * after any of them, or after spaces or a quote, is defused too: whatever the separator, no cell
 * a visitor wrote begins with a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const FORMULA_INSIDE = /([,;\t|\r\n]|^)([\s"']*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

export function safeCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  if (FORMULA_START.test(text)) return `'${text}`;
  return text.replace(FORMULA_INSIDE, "$1$2'$3");
}

const CSV_BATCH = 1000;
/** The download is bounded so one request cannot read a lifetime of entries into memory at once. */
export const CSV_MAX_ROWS = 100_000;

/** The filtered entries as CSV (newest first), the times in the shop's time zone. */
export async function activityCsv(deps: Pick<AppDeps, 'db' | 'publicContent'>, input: ActivityFilterInput): Promise<string> {
  const filter = await toFilter(deps, input);
  const { timeZone } = await readShop(deps);
  const lines: string[] = [
    stringify([
      ['When', 'When (ISO 8601)', 'Who', 'User id', 'Address', 'Kind', 'What', 'Item type', 'Item id', 'Version id', 'Details', 'Link'],
    ]),
  ];
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await repo.listActivityEntries(deps.db, filter, CSV_BATCH, offset);
    if (rows.length === 0) break;
    const records = rows.map((row) => {
      const entry = present(row);
      return [
        formatDateTime(row.created_at, { timeZone }),
        entry.created_at,
        entry.actor_name,
        entry.user_id,
        entry.ip,
        ACTIVITY_KIND_LABELS[entry.kind],
        entry.what,
        entry.item_type,
        entry.item_id,
        entry.version_id,
        entry.details,
        entry.link,
      ].map(safeCell);
    });
    lines.push(stringify(records));
    if (rows.length < CSV_BATCH) break;
  }
  return lines.join('');
}

/** The retention job: entries older than ACTIVITY_KEEP_DAYS go; returns how many. */
export async function pruneActivity(deps: Pick<AppDeps, 'db' | 'config'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.activityKeepDays * 24 * 60 * 60 * 1000);
  return repo.deleteActivityEntriesBefore(deps.db, before);
}
