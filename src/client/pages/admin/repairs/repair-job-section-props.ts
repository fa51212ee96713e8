import type { RepairJobDetail } from '#shared/schemas/repair-jobs.ts';

/** What each section of the repair job screen gets: the job, and what to do with the job a change answers. */
export interface RepairJobSectionProps {
  job: RepairJobDetail;
  /** Puts the answered job in the screen's cache and refreshes the board. */
  onSuccess: (answer: RepairJobDetail) => Promise<void>;
}
