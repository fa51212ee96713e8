/** The job queue's rows, for tests: retries made due now, and the jobs and mails as they stand. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';

/** Jobs waiting for their retry delay are due now (the next drain runs them). */
export async function makeRetriesDue(db: Kysely<Database>): Promise<void> {
  await sql`update pgboss.job set start_after = now() where state in ('created', 'retry')`.execute(db);
}

/** The jobs of one queue: state and tries. */
export async function jobsOf(db: Kysely<Database>, name: string) {
  const { rows } = await sql<{ id: string; state: string; retry_count: number; retry_limit: number; data: Record<string, unknown> }>`
    select id, state::text as state, retry_count, retry_limit, data from pgboss.job where name = ${name} order by created_on`.execute(db);
  return rows;
}

export async function mailRows(db: Kysely<Database>) {
  return db.selectFrom('outgoing_mail').selectAll().orderBy('created_at').execute();
}
