/**
 * Rows the payments tests stand on, written straight to the database: a booking type with its
 * deposit rule, an estimate whose versions the customer accepted, an insurance claim, a paid
 * payment; and working private links (a booking's manage link, a job's tracker link).
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { EstimateLineKind } from '#shared/value-sets.ts';
import { hashManageToken, manageToken } from '#server/bookings/manage-link.ts';
import { trackerToken, trackerTokenHash } from '#server/repair-jobs/tracker-links.ts';

type Db = Kysely<Database>;
let n = 0;

export async function bookingType(db: Db, fields: Partial<Insertable<Database['booking_types']>> = {}) {
  return db
    .insertInto('booking_types')
    .values({ name: `Type ${++n}`, duration_minutes: 30, capacity: 2, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface Line {
  kind: EstimateLineKind;
  quantity: number;
  unit_price_pence: number;
  vat_rate_bp: number;
}

/** An estimate of the quote whose versions (each a list of lines) were all sent and accepted in turn; the last is the accepted one, the others superseded. */
export async function acceptedEstimate(db: Db, quoteRequestId: number, versions: Line[][]) {
  const estimate = await db
    .insertInto('estimates')
    .values({ quote_request_id: quoteRequestId, status: 'accepted', link_salt: randomBytes(16).toString('hex') })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const [i, lines] of versions.entries()) {
    const version = await db
      .insertInto('estimate_versions')
      .values({
        estimate_id: estimate.id,
        number: i + 1,
        status: i === versions.length - 1 ? 'accepted' : 'superseded',
        labour_rate_pence: 5000,
        sent_at: new Date(),
        answered_at: new Date(),
        accepted_name: 'Jo Customer',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (lines.length > 0) {
      await db
        .insertInto('estimate_lines')
        .values(lines.map((l, position) => ({ ...l, version_id: version.id, position: position + 1, description: `Line ${position + 1}` })))
        .execute();
    }
  }
  return estimate;
}

export async function insuranceClaim(db: Db, fields: { quote_request_id?: number; repair_job_id?: number; excess_pence: number }) {
  const insurer = await db
    .insertInto('insurers')
    .values({ name: `Insurer ${++n} ${randomBytes(3).toString('hex')}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  return db
    .insertInto('insurance_claims')
    .values({ insurer_id: insurer.id, claim_number: `CLM-${n}`, liability: 'non_fault', ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A paid counter payment. */
export async function paid(db: Db, fields: { booking_id?: number; repair_job_id?: number; amount_pence: number }) {
  return db
    .insertInto('payments')
    .values({ purpose: 'other', method: 'cash', status: 'paid', paid_at: new Date(), ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function firstStageId(db: Db): Promise<number> {
  return (await db.selectFrom('repair_stages').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
}

export async function stageId(db: Db, name: string): Promise<number> {
  return (await db.selectFrom('repair_stages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Gives the booking a manage link that opens it; returns the token. */
export async function manageLinkOf(db: Db, appKey: Buffer, bookingId: number): Promise<string> {
  const booking = await db.selectFrom('bookings').select('manage_salt').where('id', '=', bookingId).executeTakeFirstOrThrow();
  const token = manageToken(appKey, booking.manage_salt);
  await db
    .updateTable('bookings')
    .set({ manage_token_hash: hashManageToken(token) })
    .where('id', '=', bookingId)
    .execute();
  return token;
}

/** Gives the job a tracker link that opens it; returns the token. */
export async function trackerLinkOf(db: Db, appKey: Buffer, jobId: number): Promise<string> {
  const job = await db.selectFrom('repair_jobs').select('tracker_salt').where('id', '=', jobId).executeTakeFirstOrThrow();
  const token = trackerToken(appKey, jobId, job.tracker_salt);
  await db
    .updateTable('repair_jobs')
    .set({ tracker_token_hash: trackerTokenHash(token) })
    .where('id', '=', jobId)
    .execute();
  return token;
}
