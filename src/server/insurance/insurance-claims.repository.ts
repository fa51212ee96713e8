// Every SQL statement on insurance_claims. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { InsuranceClaimsTable } from './insurance-claims.table.ts';

type Db = Kysely<Database>;
export type InsuranceClaimRow = Selectable<InsuranceClaimsTable>;

export async function insertInsuranceClaim(db: Db, values: Insertable<InsuranceClaimsTable>): Promise<InsuranceClaimRow> {
  return db.insertInto('insurance_claims').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The claim of a repair job: its own, or else its quote request's. */
export async function findClaimOfRepairJob(
  db: Db,
  job: { id: number; quote_request_id: number | null },
): Promise<(InsuranceClaimRow & { insurer_name: string }) | undefined> {
  return db
    .selectFrom('insurance_claims as c')
    .innerJoin('insurers as i', 'i.id', 'c.insurer_id')
    .selectAll('c')
    .select('i.name as insurer_name')
    .where((eb) =>
      job.quote_request_id === null
        ? eb('c.repair_job_id', '=', job.id)
        : eb.or([eb('c.repair_job_id', '=', job.id), eb('c.quote_request_id', '=', job.quote_request_id)]),
    )
    .orderBy('c.repair_job_id', (ob) => ob.asc().nullsLast())
    .limit(1)
    .executeTakeFirst();
}
