/**
 * pg-boss's database adapter (`{ executeSql(text, values) }`) over the site's own Kysely handle,
 * so the embedded database carries the queue too and a job can be queued inside the transaction
 * of the change that causes it (docs/decisions/durable-jobs-pg-boss.md).
 *
 * - A statement with values goes through Kysely: on PGlite, Kysely's connection mutex keeps it out
 *   of a transaction another caller has open (the embedded database has one connection).
 * - A script (pg-boss's schema set-up and maintenance: BEGIN; …; COMMIT in one text, no values)
 *   runs on one held connection: PGlite's simple-query path (`execScript`), PostgreSQL's simple
 *   protocol (pg sends a query without values that way). If it fails part-way, the same
 *   connection is rolled back before it is handed back, so no request inherits an aborted
 *   transaction.
 */
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { Database } from '#server/db/types.ts';

export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
}

type Executor = Kysely<Database> | Transaction<Database>;

function result(rows: unknown[], affected: bigint | undefined): { rows: Record<string, unknown>[]; rowCount: number } {
  return { rows: rows as Record<string, unknown>[], rowCount: affected === undefined ? rows.length : Number(affected) };
}

/**
 * The adapter pg-boss runs on: the app's database, outside any transaction.
 *
 * `detached` says the queue has stopped. A job still running past the stop's time limit ends
 * later, and pg-boss then marks it complete or failed without awaiting the call; by then the
 * database may be closed, and the rejection would be unhandled (it failed a CI run). After the
 * stop such statements are dropped: the job stays active, expires, and runs again (jobs are safe
 * to run twice).
 */
export function jobSqlFor(database: Pick<DatabaseHandle, 'db' | 'execScript'>, detached: () => boolean = () => false): JobSql {
  const { db, execScript } = database;
  return {
    async executeSql(text, values) {
      // Shaped as the answer to complete() or fail() (a count row, read without a check), which are all that comes then.
      if (detached()) return { rows: [{ count: 0 }], rowCount: 0 };
      if (values && values.length > 0) {
        const out = await db.executeQuery(CompiledQuery.raw(text, values));
        return result(out.rows, out.numAffectedRows);
      }
      return db.connection().execute(async (connection) => {
        try {
          if (execScript) {
            const results = await execScript(text);
            return result(results.at(-1)?.rows ?? [], undefined);
          }
          const out = await connection.executeQuery(CompiledQuery.raw(text, []));
          return result(out.rows, out.numAffectedRows);
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => {});
          throw error;
        }
      });
    },
  };
}

/**
 * The adapter for `send(…, { db })` inside a Kysely transaction: the job row commits or rolls
 * back with the change that caused it. pg-boss's insert is one statement with values.
 */
export function jobSqlInTransaction(trx: Executor): JobSql {
  return {
    async executeSql(text, values) {
      const out = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return result(out.rows, out.numAffectedRows);
    },
  };
}
