// Turns repair job rows into the shapes of src/shared/schemas/repair-jobs.ts: a stage, a card of
// the board, a job's page with its history, date changes, notes, photos and messages.
import type { RepairJobDetail, RepairJobSummary } from '#shared/schemas/repair-jobs.ts';
import type { RepairJobRow } from './repair-jobs.repository.ts';
import type { RepairStageRow } from './repair-stages.repository.ts';
import type { StageHistoryRow } from './repair-job-history.repository.ts';
import type { DateChangeRow } from './repair-job-date-changes.repository.ts';
import type { listNotes } from './repair-job-notes.repository.ts';
import type { ThreadMessageRow as MessageRow } from '#server/threads/thread-messages.repository.ts';

/** A staff note with its author's name (the repository's join). */
type NoteWithAuthor = Awaited<ReturnType<typeof listNotes>>[number];

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export function presentStage(row: RepairStageRow) {
  return { id: row.id, name: row.name, position: row.position, is_collected: row.is_collected };
}

export function presentDateChange(row: DateChangeRow) {
  return { old_date: row.old_date, new_date: row.new_date, reason: row.reason, changed_at: iso(row.created_at) };
}

export function presentMessage(row: MessageRow) {
  return { id: row.id, from: row.author_side, body: row.body, created_at: iso(row.created_at) };
}

/** A job on the board, with how many messages its customer sent and whether it is paid and ready to collect. */
export function presentRepairJobSummary(j: RepairJobRow, messageCount: number, paidReadyToCollect = false): RepairJobSummary {
  return {
    id: j.id,
    reference: j.reference,
    customer_name: j.customer_name,
    vehicle: j.vehicle,
    registration: j.registration,
    promised_ready_on: j.promised_ready_on,
    stage_id: j.stage_id,
    collected_at: isoOrNull(j.collected_at),
    opened_at: iso(j.created_at),
    message_count: messageCount,
    paid_ready_to_collect: paidReadyToCollect,
  };
}

/** A job's page; its photos come presented (each with its signed link). */
export function presentRepairJob(
  job: RepairJobRow,
  rows: { history: StageHistoryRow[]; dateChanges: DateChangeRow[]; notes: NoteWithAuthor[]; messages: MessageRow[] },
  photos: RepairJobDetail['photos'],
): RepairJobDetail {
  return {
    id: job.id,
    reference: job.reference,
    quote_request_id: job.quote_request_id,
    booking_id: job.booking_id,
    user_id: job.user_id,
    customer_name: job.customer_name,
    customer_email: job.customer_email,
    customer_telephone: job.customer_telephone,
    vehicle: job.vehicle,
    registration: job.registration,
    agreed_work: job.agreed_work,
    promised_ready_on: job.promised_ready_on,
    stage_id: job.stage_id,
    tracker_revoked_at: isoOrNull(job.tracker_revoked_at),
    collected_at: isoOrNull(job.collected_at),
    created_at: iso(job.created_at),
    history: rows.history.map((h) => ({ stage_name: h.stage_name, reached_at: iso(h.reached_at) })),
    date_changes: rows.dateChanges.map(presentDateChange),
    notes: rows.notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.author_firstname ? `${n.author_firstname} ${n.author_lastname ?? ''}`.trim() : null,
      created_at: iso(n.created_at),
    })),
    photos,
    messages: rows.messages.map(presentMessage),
  };
}
