/**
 * The database as portable SQL: one INSERT per table (rows as JSON expanded by
 * json_populate_recordset, so every column type round-trips exactly and ids stay explicit), in
 * foreign-key order, then one setval per sequence. Plain PostgreSQL SQL that PGlite and
 * PostgreSQL both run; one statement per line so restore can run them one by one.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The tables the migrations themselves fill with defaults (the booking types and settings, the
 * repair stages): a freshly migrated database holds these rows and is still empty. A restore
 * replaces them with the backup's. test/backup/round-trip.test.ts checks the list against what a
 * fresh migration writes, so a migration that seeds a new table fails there until it is named here.
 */
export const MIGRATION_SEEDED_TABLES: ReadonlySet<string> = new Set([
  'booking_types',
  'booking_settings',
  'repair_stages',
  'estimate_settings',
  'shop_notification_settings',
  'invoice_counters',
]);

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Application tables of the public schema, parents before children. */
export async function listTablesInForeignKeyOrder(db: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`.execute(db);
  const names = tables.rows.map((r) => r.name).filter((n) => !MIGRATION_TABLES.has(n));
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges.rows) {
    const child = e.child.replaceAll('"', '');
    const parent = e.parent.replaceAll('"', '');
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name)) return;
    if (path.has(name)) throw new Error(`Foreign-key cycle through ${name}`);
    path.add(name);
    for (const p of parents.get(name) ?? []) visit(p, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const n of names) visit(n, new Set());
  return ordered;
}

export interface PortableDump {
  sql: string;
  rowCounts: Record<string, number>;
}

/** Reads every table; run it inside one snapshot (a REPEATABLE READ transaction). */
export async function dumpDatabase(db: Kysely<Database>): Promise<PortableDump> {
  const tables = await listTablesInForeignKeyOrder(db);
  const lines: string[] = [];
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ rows: string; count: number }>`
      select coalesce(jsonb_agg(to_jsonb(t))::text, '[]') as rows, count(*)::int as count
      from ${sql.table(table)} t`.execute(db);
    const { rows, count } = result.rows[0]!;
    rowCounts[table] = Number(count);
    if (Number(count) === 0) continue;
    lines.push(
      `INSERT INTO ${quoteIdent(table)} SELECT * FROM json_populate_recordset(NULL::${quoteIdent(table)}, ${quoteLiteral(rows)}::json);`,
    );
  }
  const sequences = await sql<{ name: string; last_value: string | null }>`
    select sequencename as name, last_value::text as last_value from pg_sequences
    where schemaname = 'public' order by sequencename`.execute(db);
  for (const s of sequences.rows) {
    if (s.last_value === null) continue; // never used: the fresh sequence is already right
    lines.push(`SELECT setval(${quoteLiteral(quoteIdent(s.name))}, ${BigInt(s.last_value).toString()}, true);`);
  }
  return { sql: lines.join('\n') + '\n', rowCounts };
}

/**
 * Runs a dump made by dumpDatabase, statement by statement (the caller holds the transaction),
 * after emptying the tables the migrations seeded (children first): the backup brings its own.
 */
export async function loadDump(db: Kysely<Database>, text: string): Promise<void> {
  const seeded = (await listTablesInForeignKeyOrder(db)).filter((table) => MIGRATION_SEEDED_TABLES.has(table));
  for (const table of seeded.reverse()) await sql`delete from ${sql.table(table)}`.execute(db);
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    await sql.raw(line).execute(db);
  }
}
