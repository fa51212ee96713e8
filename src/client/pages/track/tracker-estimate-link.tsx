/** "Your estimate" on the repair tracker: the job's quote's estimate page (its link made by the server when shown), when one was sent. */
import type { RepairTracker } from '#shared/schemas/repair-jobs.ts';

export function TrackerEstimateLink({ tracker }: { tracker: Pick<RepairTracker, 'estimate_path'> }) {
  if (!tracker.estimate_path) return null;
  return (
    <p className="tracker__estimate">
      <a className="btn btn--secondary" href={tracker.estimate_path}>
        Your estimate
      </a>
    </p>
  );
}
