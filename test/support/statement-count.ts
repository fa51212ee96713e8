/**
 * Counts the SQL statements a call runs, for tests that prove a read does not run a query per row.
 * The count comes from a Kysely plugin on a copy of the test's instance (nothing in production
 * pays for it): every statement the copy runs, raw `sql` included, hands its result to the
 * plugin once; transactions opened on the copy inherit it (their BEGIN/COMMIT are not counted).
 */
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { withAfterCommit } from '#server/db/after-commit.ts';
import type { Database } from '#server/db/types.ts';

class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }
  // A query is transformed when compiled and again when run; its result comes back once per run.
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return Promise.resolve(result);
  }
}

/** `db` with a counter of the statements run through it (its transactions keep their after-commit hooks). */
export function countingDatabase(db: Kysely<Database>): { db: Kysely<Database>; statements: () => number } {
  const counter = new StatementCounter();
  const counted = withAfterCommit(db.withPlugin(counter));
  return { db: counted, statements: () => counter.count };
}

/** Runs `call` with a counted copy of `db`; its answer and how many statements it ran. */
export async function countStatements<T>(
  db: Kysely<Database>,
  call: (db: Kysely<Database>) => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const counted = countingDatabase(db);
  const result = await call(counted.db);
  return { result, statements: counted.statements() };
}
