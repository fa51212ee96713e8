// Every SQL statement on repair_review_requests (the review request after collection and its feedback).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairReviewRequestsTable } from '#server/reviews/repair-review-requests.table.ts';

import { afterKeyset, keysetMicros, type Keyset } from '#server/db/keyset.ts';

type Db = Kysely<Database>;
export type ReviewRequestRow = Selectable<RepairReviewRequestsTable>;

/** One request per job: a second Collected (moved back and forth) finds the first. */
export async function insertReviewRequestOnce(db: Db, values: { repair_job_id: number; token_hash: string; token_salt: string }) {
  return db
    .insertInto('repair_review_requests')
    .values(values)
    .onConflict((oc) => oc.column('repair_job_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function findReviewRequestOfJob(db: Db, repairJobId: number): Promise<ReviewRequestRow | undefined> {
  return db.selectFrom('repair_review_requests').selectAll().where('repair_job_id', '=', repairJobId).executeTakeFirst();
}

export async function findReviewRequestByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('repair_review_requests')
    .innerJoin('repair_jobs', 'repair_jobs.id', 'repair_review_requests.repair_job_id')
    .selectAll('repair_review_requests')
    .select([
      'repair_jobs.vehicle',
      'repair_jobs.registration',
      'repair_jobs.agreed_work',
      'repair_jobs.reference',
      'repair_jobs.customer_name',
    ])
    .where('repair_review_requests.token_hash', '=', tokenHash)
    .where('repair_jobs.anonymised_at', 'is', null)
    .executeTakeFirst();
}

export async function findReviewRequest(db: Db, id: number, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('repair_review_requests')
    .innerJoin('repair_jobs', 'repair_jobs.id', 'repair_review_requests.repair_job_id')
    .selectAll('repair_review_requests')
    .select(['repair_jobs.vehicle', 'repair_jobs.customer_name'])
    .where('repair_review_requests.id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Sets `column` now unless it is set already: the job that does it first sends the mail, once. */
export async function claimMailStep(db: Db, id: number, column: 'sent_at' | 'reminder_sent_at', now: Date): Promise<boolean> {
  const result = await db
    .updateTable('repair_review_requests')
    .set({ [column]: now })
    .where('id', '=', id)
    .where(column, 'is', null)
    .where('responded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The feedback, once: false when the link was used already. */
export async function recordFeedback(db: Db, id: number, values: Updateable<RepairReviewRequestsTable>): Promise<boolean> {
  const result = await db
    .updateTable('repair_review_requests')
    .set(values)
    .where('id', '=', id)
    .where('responded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setModeration(db: Db, id: number, moderation: 'approved' | 'rejected', testimonialId: number | null): Promise<void> {
  await db.updateTable('repair_review_requests').set({ moderation, testimonial_id: testimonialId }).where('id', '=', id).execute();
}

/**
 * Feedback waiting for the admin: consented, not yet approved or rejected; oldest first; one page
 * of `limit` after `cursor` (the partial index repair_review_requests_pending serves it).
 */
export async function findPendingFeedback(db: Db, page: { limit: number; cursor?: Keyset | undefined }) {
  let query = db
    .selectFrom('repair_review_requests')
    .innerJoin('repair_jobs', 'repair_jobs.id', 'repair_review_requests.repair_job_id')
    .select([
      'repair_review_requests.id',
      'repair_review_requests.score',
      'repair_review_requests.feedback',
      'repair_review_requests.display_name',
      'repair_review_requests.responded_at',
      keysetMicros('repair_review_requests.responded_at').as('key_micros'),
      'repair_jobs.id as repair_job_id',
      'repair_jobs.reference',
      'repair_jobs.vehicle',
    ])
    .where('repair_review_requests.moderation', '=', 'pending')
    .orderBy('repair_review_requests.responded_at')
    .orderBy('repair_review_requests.id');
  query = query.where('repair_review_requests.responded_at', 'is not', null).limit(page.limit);
  if (page.cursor) query = query.where(afterKeyset('repair_review_requests.responded_at', 'repair_review_requests.id', page.cursor, 'asc'));
  return query.execute();
}

/** How many answers wait for approval (read from the partial index repair_review_requests_pending). */
export async function countPendingFeedback(db: Db): Promise<number> {
  const row = await db
    .selectFrom('repair_review_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('moderation', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Feedback waiting for approval, counted up to `cap` from the partial index repair_review_requests_pending. */
export async function countPendingFeedbackCapped(db: Db, cap: number): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('repair_review_requests').select('id').where('moderation', '=', 'pending').limit(cap).as('pending'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Account deletion: the link goes, and the words and name of feedback not published. */
export async function anonymiseReviewRequestsOfJobs(db: Db, repairJobIds: number[]): Promise<void> {
  if (repairJobIds.length === 0) return;
  await db.updateTable('repair_review_requests').set({ token_hash: null }).where('repair_job_id', 'in', repairJobIds).execute();
  await db
    .updateTable('repair_review_requests')
    .set({ feedback: null, display_name: null })
    .where('repair_job_id', 'in', repairJobIds)
    .where((eb) => eb.or([eb('moderation', 'is', null), eb('moderation', '!=', 'approved')]))
    .execute();
}
