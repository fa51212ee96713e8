/** The repair job's promised-ready date: moved with a reason the customer reads. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { RepairJobSectionProps } from './repair-job-section-props.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function PromisedDateForm({ job, onSuccess }: RepairJobSectionProps) {
  const [date, setDate] = useState(job.promised_ready_on);
  const [reason, setReason] = useState('');
  const change = useMutation(
    trpc.repairJobs.admin.changePromisedDate.mutationOptions({ onSuccess: async (a) => (setReason(''), onSuccess(a)) }),
  );
  const errors = fieldErrorsOf(change.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ id: job.id, promised_ready_on: date, reason });
  }
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      onSubmit={submit}
      noValidate
      aria-labelledby="job-date-heading"
    >
      <h2 id="job-date-heading">Promised-ready date</h2>
      <ErrorSummary error={change.error} fields={['promised_ready_on', 'reason']} />
      <TextField
        label="New date"
        name="promised_ready_on"
        type="date"
        value={date}
        onChange={setDate}
        error={firstError(errors, 'promised_ready_on')}
        required
      />
      <TextField
        label="Reason (the customer reads it)"
        name="reason"
        value={reason}
        onChange={setReason}
        error={firstError(errors, 'reason')}
        required
      />
      <div className="admin-form__actions">
        <Button type="submit" loading={change.isPending}>
          Change the date
        </Button>
      </div>
    </form>
  );
}
