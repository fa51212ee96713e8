/**
 * The activity CSV: every entry of the filtered range, newest first, streamed. The database writes
 * the lines (listActivityCsvBatch) from the tables here and the screen's words (activity-words.ts),
 * a keyset batch a query; the server passes each batch's text on as the reader takes it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { databaseEngineOf } from '#server/db/database.ts';
import { ACTIVITY_KIND_LABELS } from '#shared/value-sets.ts';
import { ITEM_LINKS, ITEM_NAMES, KIND_LINKS } from './activity-words.ts';
import * as repo from './activity-entries.repository.ts';
import type { ActivityCsvWords, ActivityFilter, ActivityKeyset } from './activity-entries.repository.ts';

const HEADER = [
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

/** A CSV field as csv-stringify writes one: quoted, quotes doubled, when it holds , " CR or LF. */
export const csvField = (text: string) => (/[,"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The formula guard, in the database's regular expressions (the same in JS's: the CSV test runs
 * both). A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return first)
 * gets an apostrophe first (OWASP's CSV injection advice). A spreadsheet that splits on another
 * separator (a semicolon, a tab, a pipe) or a line break starts a cell inside ours, so a trigger
 * after any of them, or after white space or quotes, gets one before it too: whatever the
 * separator, no cell a person wrote begins with a formula. JS's \s, spelt out (PostgreSQL's
 * differs). Only the cells a person typed go through it (a name, the label in the description,
 * the details): the rest are the site's words, numbers, times and paths.
 */
const TRIGGERS = '=+@\t\r\uFF1D\uFF0B\uFF0D\uFF20-';
const WHITE = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
export const FORMULA_GUARD = {
  any: `[${TRIGGERS}]`,
  start: `^[${TRIGGERS}]`,
  inside: `([,;\t|\r\n]|^)([${WHITE}"']*)([=+@\uFF1D\uFF0B\uFF0D\uFF20-])`,
  replacement: "\\1\\2'\\3",
};
/** What makes a cell quoted (, " CR LF) or guarded (a trigger): a line with none is its values joined. */
const SPECIAL = `[,"\r\n${TRIGGERS}]`;

/** An id no path holds by chance: where a link template puts the item's id. */
const ID_MARK = 987_654_321;

function plainPath(path: string): string {
  if (csvField(path) !== path) throw new Error(`A link with a CSV separator in it: ${path}`);
  return path;
}

export function csvWords(timeZone: string): ActivityCsvWords {
  return {
    timeZone,
    kinds: Object.entries(ACTIVITY_KIND_LABELS).map(([kind, label]) => ({ kind, label, cell: csvField(label) })),
    items: Object.entries(ITEM_NAMES).map(([itemType, noun]) => ({ itemType, noun })),
    kindLinks: Object.entries(KIND_LINKS).map(([kind, path]) => ({ kind, cell: path === null ? '' : plainPath(path) })),
    itemLinks: Object.entries(ITEM_LINKS).map(([itemType, link]) => {
      const [before = '', after = ''] = plainPath(link.path(ID_MARK)).split(String(ID_MARK));
      return { itemType, before, after, withId: link.path(ID_MARK).includes(String(ID_MARK)), needsId: link.needsId };
    }),
    guard: FORMULA_GUARD,
    special: SPECIAL,
  };
}

/**
 * Rows a query. PostgreSQL writes a batch in its own process, so big batches cost the site
 * nothing; PGlite runs in this process's thread, so a request arriving mid-batch waits for it. A
 * PGlite query costs about 3 ms of its own beside 6 µs a row (100,000 rows: 1.7 s in batches of
 * 250, 1.1 s of 500, 0.9 s of 1,000), while the home page's p50 during the export went from 7 ms
 * at 250 to 12 ms at 1,000: 500 is the middle.
 */
const BATCH = { postgres: 5000, pglite: 500 } as const;

// A turn of the event loop between two batches: other requests' queries and answers go first.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The header, then each batch's lines as the reader asks for more; every entry, however many. */
export async function* activityCsvChunks(
  db: Kysely<Database>,
  filter: ActivityFilter,
  timeZone: string,
  options: { batch?: number } = {},
): AsyncGenerator<string> {
  const batch = options.batch ?? BATCH[await databaseEngineOf(db)];
  const words = csvWords(timeZone);
  yield `${HEADER.map(csvField).join(',')}\n`;
  // The next batch is asked for as soon as this one is here, so the database writes it while this
  // one goes out (two batches in memory at most). A reader gone leaves the query to finish unread.
  const read = (after: ActivityKeyset | undefined) => {
    const answer = (after ? nextTurn() : Promise.resolve()).then(() => repo.listActivityCsvBatch(db, filter, words, batch, after));
    answer.catch(() => {});
    return answer;
  };
  let pending = read(undefined);
  for (;;) {
    const { text, count, last } = await pending;
    const more = count === batch && last !== null;
    if (more) pending = read(last);
    if (text) yield text;
    if (!more) return;
  }
}
