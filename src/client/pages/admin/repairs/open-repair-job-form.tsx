import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

/** Where the job comes from: a quote request or a booking (the customer, vehicle and registration are taken from it). */
export type RepairJobSource = { quote_request_id: number } | { booking_id: number };

/**
 * Turns a quote request or a booking into a repair job, on that record's admin page; the job's
 * page opens. The server's refusals (a cancelled booking, one that already has a job) show here.
 */
export function OpenRepairJobForm({ from }: { from: RepairJobSource }) {
  const headingId = useId();
  const [, navigate] = useLocation();
  const [agreedWork, setAgreedWork] = useState('');
  const [promised, setPromised] = useState('');
  const create = useMutation(
    trpc.repairJobs.admin.create.mutationOptions({
      onSuccess: (job) => navigate(screenHref('adminRepair', { id: job.id })),
    }),
  );
  const errors = fieldErrorsOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ ...from, customer_telephone: null, registration: null, agreed_work: agreedWork, promised_ready_on: promised });
  }
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>Open a repair job</h2>
      <p>
        The customer is e-mailed a private link to follow the repair (without an e-mail address, the job's page shows it to read out or
        text).
      </p>
      <ErrorSummary error={create.error} fields={['agreed_work', 'promised_ready_on', ...Object.keys(from)]} />
      <TextAreaField
        label="Agreed work"
        name="agreed_work"
        value={agreedWork}
        onChange={setAgreedWork}
        rows={3}
        required
        error={firstError(errors, 'agreed_work')}
      />
      <TextField
        label="Promised ready on"
        name="promised_ready_on"
        type="date"
        value={promised}
        onChange={setPromised}
        required
        error={firstError(errors, 'promised_ready_on')}
      />
      <div className="admin-form__actions">
        <Button type="submit" variant="secondary" loading={create.isPending}>
          Open the repair job
        </Button>
      </div>
    </form>
  );
}
