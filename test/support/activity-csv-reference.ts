// The activity CSV's writer as it was before the database wrote the lines (commit 61c7c2c,
// activity.service.ts): each row read, formatted in JS and written by csv-stringify. Kept only as
// the reference the database's bytes are compared with (test/activity/activity-csv.test.ts).
import { stringify } from 'csv-stringify/sync';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { screenPath } from '#shared/screen-paths.ts';
import { ACTIVITY_KIND_LABELS, type ActivityKind } from '#shared/value-sets.ts';

interface Row {
  id: number;
  created_at_exact: string;
  actor_user_id: number | null;
  actor_label: string;
  ip_address: string | null;
  kind: ActivityKind;
  item_type: string | null;
  item_id: number | null;
  item_label: string | null;
  version_id: number | null;
  details: string | null;
}

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

function describe(row: Row): string {
  const label = ACTIVITY_KIND_LABELS[row.kind] ?? row.kind;
  if (!row.item_type) return label;
  const noun = ITEM_NAMES[row.item_type] ?? row.item_type;
  return row.item_label ? `${label}: ${noun} “${row.item_label}”` : `${label}: ${noun}`;
}

function linkOf(row: Row): string | null {
  if (row.kind === 'content-deleted') return screenPath('adminBin');
  if (row.kind === 'bin-purged' || row.kind === 'user-deleted' || row.kind === 'account-deleted') return null;
  if (row.item_type === 'shop') return screenPath('adminShop');
  const link = row.item_type ? ADMIN_LINKS[row.item_type] : undefined;
  return link && row.item_id !== null ? link(row.item_id) : null;
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const FORMULA_INSIDE = /([,;\t|\r\n]|^)([\s"']*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

export function safeCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  if (FORMULA_START.test(text)) return `'${text}`;
  return text.replace(FORMULA_INSIDE, "$1$2'$3");
}

const CSV_HEADER = [
  'When',
  'When (ISO 8601)',
  'Who',
  'User id',
  'Address',
  'Kind',
  'What',
  'Item type',
  'Item id',
  'Version id',
  'Details',
  'Link',
];

function minuteFormatter(timeZone: string): (exact: string) => string {
  let lastMinute = '';
  let lastText = '';
  return (exact) => {
    const minute = exact.slice(0, 16);
    if (minute !== lastMinute) {
      lastMinute = minute;
      lastText = formatDateTime(new Date(`${minute}:00Z`), { timeZone });
    }
    return lastText;
  };
}

const idCell = (id: number | null) => (id === null ? '' : String(id));

function csvRecord(row: Row, when: (exact: string) => string): string[] {
  return [
    when(row.created_at_exact),
    `${row.created_at_exact.slice(0, 23)}Z`,
    safeCell(row.actor_label),
    idCell(row.actor_user_id),
    row.ip_address ?? '',
    ACTIVITY_KIND_LABELS[row.kind],
    safeCell(describe(row)),
    row.item_type ?? '',
    idCell(row.item_id),
    idCell(row.version_id),
    safeCell(row.details),
    linkOf(row) ?? '',
  ];
}

/** The whole log (no filter) as the old writer wrote it, newest first. */
export async function referenceActivityCsv(db: Kysely<Database>, timeZone: string): Promise<string> {
  const { rows } = await sql<Row>`
    select id, actor_user_id, actor_label, ip_address, kind, item_type, item_id, item_label, version_id, details,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_exact
    from activity_entries order by created_at desc, id desc`.execute(db);
  const when = minuteFormatter(timeZone);
  return stringify([CSV_HEADER]) + (rows.length ? stringify(rows.map((row) => csvRecord(row, when))) : '');
}
