// Every SQL statement on insurance_claims. Repositories never open a transaction: the service does.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
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

export type ClaimWithInsurer = InsuranceClaimRow & { insurer_name: string };

/** The claim of a quote request: its own, or else that of a job opened from it. */
export async function findClaimOfQuoteRequest(db: Db, quoteRequestId: number): Promise<ClaimWithInsurer | undefined> {
  return db
    .selectFrom('insurance_claims as c')
    .innerJoin('insurers as i', 'i.id', 'c.insurer_id')
    .selectAll('c')
    .select('i.name as insurer_name')
    .where((eb) =>
      eb.or([
        eb('c.quote_request_id', '=', quoteRequestId),
        eb('c.repair_job_id', 'in', eb.selectFrom('repair_jobs').select('id').where('quote_request_id', '=', quoteRequestId)),
      ]),
    )
    .orderBy('c.quote_request_id', (ob) => ob.asc().nullsLast())
    .limit(1)
    .executeTakeFirst();
}

/** The claims of many jobs at once (their own, or their quote's): one statement, keyed by job id. */
export async function listClaimsOfRepairJobs(
  db: Db,
  jobs: readonly { id: number; quote_request_id: number | null }[],
): Promise<Map<number, ClaimWithInsurer>> {
  const out = new Map<number, ClaimWithInsurer>();
  if (jobs.length === 0) return out;
  const quoteIds = jobs.map((j) => j.quote_request_id).filter((q): q is number => q !== null);
  const rows = await db
    .selectFrom('insurance_claims as c')
    .innerJoin('insurers as i', 'i.id', 'c.insurer_id')
    .selectAll('c')
    .select('i.name as insurer_name')
    .where((eb) =>
      eb.or([
        eb(
          'c.repair_job_id',
          'in',
          jobs.map((j) => j.id),
        ),
        ...(quoteIds.length > 0 ? [eb('c.quote_request_id', 'in', quoteIds)] : []),
      ]),
    )
    .execute();
  for (const job of jobs) {
    const own = rows.find((r) => r.repair_job_id === job.id);
    const ofQuote = job.quote_request_id === null ? undefined : rows.find((r) => r.quote_request_id === job.quote_request_id);
    const claim = own ?? ofQuote;
    if (claim) out.set(job.id, claim);
  }
  return out;
}

export async function updateInsuranceClaim(db: Db, id: number, values: Updateable<InsuranceClaimsTable>): Promise<void> {
  await db
    .updateTable('insurance_claims')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteInsuranceClaim(db: Db, id: number): Promise<void> {
  await db.deleteFrom('insurance_claims').where('id', '=', id).execute();
}

/** Locks a claim row while it changes, so two saves take turns. */
export async function lockInsuranceClaim(db: Db, id: number): Promise<void> {
  await db.selectFrom('insurance_claims').select('id').where('id', '=', id).forUpdate().execute();
}
