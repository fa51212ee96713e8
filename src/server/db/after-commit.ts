/**
 * Work that must wait for a transaction's commit (waking a job's worker: a job sent in a
 * transaction is not there for the worker to find until then, and not at all if it rolls back).
 * `withAfterCommit` wraps a Kysely instance's `transaction()` so that `execute` runs the hooks
 * registered for its `Transaction` after the commit, and drops them on a rollback.
 */
import type { Kysely, Transaction, TransactionBuilder } from 'kysely';

const hooksOf = new WeakMap<object, Array<() => void>>();

/**
 * Runs `hook` after `executor` commits, or now when `executor` is no transaction. A transaction
 * not opened through `withAfterCommit` (none in the site) keeps nothing: the hook is dropped, so
 * a wake-up falls back to the worker's next poll rather than running before the commit.
 */
export function afterCommit(executor: { readonly isTransaction: boolean }, hook: () => void): void {
  if (!executor.isTransaction) {
    hook();
    return;
  }
  hooksOf.get(executor)?.push(hook);
}

function withHooks<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
          const hooks: Array<() => void> = [];
          const result = await target.execute((trx) => {
            hooksOf.set(trx, hooks);
            return callback(trx);
          });
          // Committed: a hook that throws must not turn the committed change into an error.
          for (const hook of hooks) {
            try {
              hook();
            } catch {
              // (A wake-up that fails leaves the job to the worker's next poll.)
            }
          }
          return result;
        };
      }
      if (property === 'setIsolationLevel') {
        return (...args: Parameters<TransactionBuilder<DB>['setIsolationLevel']>) => withHooks(target.setIsolationLevel(...args));
      }
      if (property === 'setAccessMode') {
        return (...args: Parameters<TransactionBuilder<DB>['setAccessMode']>) => withHooks(target.setAccessMode(...args));
      }
      const value: unknown = Reflect.get(target, property);
      // Kysely's builders keep their state in private fields: call their methods on the builder itself.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `db`, its `transaction()` keeping after-commit hooks (the one Kysely instance of a database handle). */
export function withAfterCommit<DB>(db: Kysely<DB>): Kysely<DB> {
  const open = db.transaction.bind(db);
  db.transaction = () => withHooks(open());
  return db;
}
