// Keyset paging (src/shared/schemas/paging.ts): a row's key is its time in whole microseconds and
// its id, so the walk is exact at the database's precision (a JavaScript Date keeps only
// milliseconds, and two rows in the same millisecond would repeat or vanish between pages).
import { sql, type RawBuilder } from 'kysely';

export interface Keyset {
  micros: string;
  id: string;
}

/** The cursor of a row: select `keysetMicros(column)` beside its id. */
export function keysetMicros(column: string): RawBuilder<string> {
  return sql<string>`((extract(epoch from ${sql.ref(column)}) * 1000000)::bigint)::text`;
}

export function encodeCursor(micros: string | number, id: string | number): string {
  return `${micros}_${id}`;
}

/** A cursor the schema let through (digits, an underscore, an id). */
export function decodeCursor(cursor: string): Keyset {
  const at = cursor.indexOf('_');
  return { micros: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/**
 * `(time, id)` after the cursor in the list's order: `<` newest first, `>` oldest first. A row
 * comparison, so the (time, id) index serves it as a range.
 */
export function afterKeyset(timeColumn: string, idColumn: string, cursor: Keyset, direction: 'desc' | 'asc' = 'desc'): RawBuilder<boolean> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) ${op} (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})`;
}

/** A page of a list merged from several tables (the bin): the cursor names its row's table too. */
export interface MergedPage {
  limit: number;
  cursor?: Keyset & { table: string };
}

/**
 * The rows of `table` after the cursor of a merged list ordered by time newest first, then table
 * name, then id newest first: the cursor's own table continues by (time, id); a table ordered
 * after it takes the cursor's time too; one ordered before it only older times.
 */
export function afterMergedKeyset(timeColumn: string, idColumn: string, table: string, cursor: MergedPage['cursor']): RawBuilder<boolean> {
  if (cursor === undefined) return sql<boolean>`true`;
  if (table === cursor.table) return afterKeyset(timeColumn, idColumn, cursor);
  const op = sql.raw(table > cursor.table ? '<=' : '<');
  return sql<boolean>`${sql.ref(timeColumn)} ${op} timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond'`;
}
