// Every SQL statement on repair_job_notes (staff notes: never shown to the customer, never exported).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { RepairJobNotesTable } from '#server/repair-jobs/repair-job-notes.table.ts';

type Db = Kysely<Database>;
export type NoteRow = Selectable<RepairJobNotesTable>;

export async function insertNote(db: Db, values: { repair_job_id: number; author_id: number | null; body: string }) {
  await db.insertInto('repair_job_notes').values(values).execute();
}

export async function listNotes(db: Db, repairJobId: number) {
  return db
    .selectFrom('repair_job_notes')
    .leftJoin('users', 'users.id', 'repair_job_notes.author_id')
    .select([
      'repair_job_notes.id',
      'repair_job_notes.body',
      'repair_job_notes.created_at',
      'users.firstname as author_firstname',
      'users.lastname as author_lastname',
    ])
    .where('repair_job_notes.repair_job_id', '=', repairJobId)
    .orderBy('repair_job_notes.created_at')
    .orderBy('repair_job_notes.id')
    .execute();
}
