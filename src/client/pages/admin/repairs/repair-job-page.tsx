/**
 * /admin/repairs/:id: a repair job: where it came from (quote request, booking), its stage and
 * timeline, the promised-ready date (moved with a reason the customer reads), progress photos
 * (upload; "Show the customer" off until switched on), private notes, the thread with the customer,
 * and revoking the tracker link. The photo links work for 15 minutes: fetched again every 10.
 */
import { useState, type ReactNode } from 'react';
import { ContactLink } from '#client/components/contact-link.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { formatCalendarDate, formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import type { RepairJobDetail } from '#shared/schemas/repair-jobs.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SelectField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { PromisedDateForm } from './repair-job-promised-date.tsx';
import { PhotosSection } from './repair-job-photos.tsx';
import { NotesSection } from './repair-job-notes.tsx';
import { TrackerSection } from './repair-job-tracker.tsx';
import { ThreadPanel } from '#client/pages/admin/thread-panel.tsx';
import { InsuranceClaimPanel } from '#client/pages/admin/insurance-claim-panel.tsx';
import { InvoicesPanel } from '#client/pages/admin/invoices/invoices-panel.tsx';
import { PaymentsPanel } from '#client/pages/admin/payments-panel.tsx';
import './repairs.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

const REFRESH_LINKS_MS = 10 * 60 * 1000;

export function RepairJobPage({ id }: { id: number }) {
  const job = useQuery({ ...trpc.repairJobs.admin.get.queryOptions({ id }), refetchInterval: REFRESH_LINKS_MS });
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminRepairs')}>← All repairs</Link>
      </p>
      <ErrorSummary error={job.error} />
      {job.isPending ? <Spinner label="Loading the repair…" /> : job.data && <JobView job={job.data} />}
    </>
  );
}

function JobView({ job }: { job: RepairJobDetail }) {
  const dates = useDateFormat();
  const stages = useQuery(trpc.repairJobs.admin.listStages.queryOptions({}));
  const key = trpc.repairJobs.admin.get.queryKey({ id: job.id });
  const onSuccess = async (answer: RepairJobDetail) => {
    queryClient.setQueryData(key, answer);
    await queryClient.invalidateQueries({ queryKey: trpc.repairJobs.admin.board.queryKey({}) });
  };
  const [stageId, setStageId] = useState(String(job.stage_id));
  const move = useMutation(trpc.repairJobs.admin.move.mutationOptions({ onSuccess }));
  const stageName = stages.data?.data.find((s) => s.id === job.stage_id)?.name ?? '';

  const facts: [string, ReactNode][] = [
    ['Customer', job.customer_name],
    ['E-mail', <ContactLink kind="email" value={job.customer_email} subject={`Your repair ${job.reference}`} />],
    ['Telephone', <ContactLink kind="telephone" value={job.customer_telephone} />],
    ['Vehicle', job.vehicle],
    ['Registration', job.registration ?? '—'],
    ['Promised ready on', formatCalendarDate(job.promised_ready_on)],
    ['Opened', formatDateTime(job.created_at, dates)],
  ];

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">
          Repair {job.reference}: {job.vehicle}
        </h1>
        <span className="admin-badge">{stageName}</span>
      </div>
      <section className="admin-section" aria-labelledby="job-facts-heading">
        <h2 id="job-facts-heading">The job</h2>
        <dl className="admin-quote__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3>Agreed work</h3>
        <p className="admin-quote__description">{job.agreed_work}</p>
        {(job.quote_request_id !== null || job.booking_id !== null) && (
          <ul>
            {job.booking_id !== null && (
              <li>
                <Link href={screenHref('adminBooking', { id: job.booking_id })}>The booking it came from</Link>
              </li>
            )}
            {job.quote_request_id !== null && (
              <li>
                <Link href={screenHref('adminQuote', { id: job.quote_request_id })}>The quote request it came from</Link>
              </li>
            )}
          </ul>
        )}
      </section>

      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-form admin-section"
        aria-labelledby="job-stage-heading"
        onSubmit={(event) => {
          event.preventDefault();
          move.mutate({ id: job.id, stage_id: Number(stageId) });
        }}
      >
        <h2 id="job-stage-heading">Stage</h2>
        <ErrorSummary error={move.error} fields={['stage_id']} />
        <SelectField
          label="Stage"
          name="stage_id"
          value={stageId}
          onChange={setStageId}
          options={(stages.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          error={firstError(fieldErrorsOf(move.error), 'stage_id')}
        />
        <div className="admin-form__actions">
          <Button type="submit" loading={move.isPending}>
            Move
          </Button>
        </div>
      </form>

      <section className="admin-section" aria-labelledby="job-timeline-heading">
        <h2 id="job-timeline-heading">Timeline</h2>
        <ol className="repair-job__timeline">
          {job.history.map((h) => (
            <li key={`${h.stage_name}-${h.reached_at}`}>
              {formatDateTime(h.reached_at, dates)}: {h.stage_name}
            </li>
          ))}
          {job.date_changes.map((c) => (
            <li key={c.changed_at}>
              {formatDateTime(c.changed_at, dates)}: ready date {formatCalendarDate(c.old_date)} → {formatCalendarDate(c.new_date)} (
              {c.reason})
            </li>
          ))}
        </ol>
      </section>

      <InsuranceClaimPanel matter="repair-jobs" id={job.id} quoteRequestId={job.quote_request_id} />
      <InvoicesPanel repairJobId={job.id} />
      <PaymentsPanel matter="job" id={job.id} />
      <PromisedDateForm job={job} onSuccess={onSuccess} />
      <PhotosSection job={job} onSuccess={onSuccess} />
      <NotesSection job={job} onSuccess={onSuccess} />

      <ThreadPanel matter="repairJob" id={job.id} />
      <TrackerSection job={job} onSuccess={onSuccess} />
    </>
  );
}
