/** The repair job's tracker link: revoked here, after which the customer's link no longer opens. */
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { RepairJobSectionProps } from './repair-job-section-props.ts';

export function TrackerSection({ job, onSuccess }: RepairJobSectionProps) {
  const dates = useDateFormat();
  const confirm = useConfirm();
  const revoke = useMutation(trpc.repairJobs.admin.revokeTracker.mutationOptions({ onSuccess }));
  return (
    <section className="admin-section" aria-labelledby="job-tracker-heading">
      <h2 id="job-tracker-heading">Tracker link</h2>
      <ErrorSummary error={revoke.error} />
      {job.tracker_revoked_at ? (
        <Alert tone="info">The tracker link was revoked on {formatDateTime(job.tracker_revoked_at, dates)}.</Alert>
      ) : (
        <>
          {job.tracker_url ? (
            <p>
              The customer's link, to read out or text{job.customer_email ? '' : ' (no e-mail address: nothing is mailed)'}:{' '}
              <a className="admin-table__email" href={job.tracker_url}>
                {job.tracker_url}
              </a>
            </p>
          ) : null}
          <Button
            variant="quiet-danger"
            loading={revoke.isPending}
            onClick={() => void confirm().then((ok) => ok && revoke.mutate({ id: job.id }))}
          >
            Revoke the tracker link
          </Button>
        </>
      )}
    </section>
  );
}
