/**
 * Kysely's dialect for PGlite: PostgreSQL's adapter, compiler and introspector over one PGlite
 * instance (it has a single connection). Kysely ships one from 0.29, which requires Node 22;
 * Node 20 is still supported here (README, "Node versions"), so this small driver stays ours
 * until it is dropped (docs/decisions/pglite-dialect-of-our-own.md).
 *
 * A transaction holds PGlite's own exclusive transaction for its whole length, so nothing else
 * using the instance (the job queue's scripts) runs inside it.
 */
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  #transaction: PGliteTransaction | undefined;
  #finish: ((commit: boolean) => void) | undefined;
  #closed: Promise<void> | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.#transaction ?? this.pglite).query<R>(query.sql, [...query.parameters], {
      rowMode: 'object',
    });
    return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
  }

  // eslint-disable-next-line require-yield -- PGlite answers whole results only
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results.');
  }

  async begin(): Promise<void> {
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const finished = new Promise<boolean>((resolve) => (this.#finish = resolve));
    this.#closed = this.pglite.transaction(async (tx) => {
      this.#transaction = tx;
      begun();
      if (!(await finished)) await tx.rollback();
    });
    // A failed BEGIN rejects #closed without calling back: surface it rather than wait forever.
    await Promise.race([started, this.#closed]);
  }

  async end(commit: boolean): Promise<void> {
    this.#finish?.(commit);
    try {
      await (commit ? this.#closed : this.#closed?.catch(() => {}));
    } finally {
      this.#transaction = undefined;
      this.#finish = undefined;
      this.#closed = undefined;
    }
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }
  async init(): Promise<void> {
    await this.pglite.waitReady;
  }
  // One connection, so one user at a time: a query or a whole transaction holds it until released
  // (as Kysely's own PGlite driver and its SQLite driver do).
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
