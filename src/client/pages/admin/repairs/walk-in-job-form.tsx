// The repair board's form that opens a walk-in's job (a quote request's or a booking's is opened
// from its page: open-repair-job-form.tsx); the job's page opens.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function WalkInJobForm() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({
    customer_name: '',
    customer_email: '',
    customer_telephone: '',
    vehicle: '',
    registration: '',
    agreed_work: '',
    promised_ready_on: '',
  });
  const create = useMutation(
    trpc.repairJobs.admin.create.mutationOptions({
      onSuccess: async (job) => {
        await queryClient.invalidateQueries({ queryKey: trpc.repairJobs.admin.board.queryKey({}) });
        navigate(screenHref('adminRepair', { id: job.id }));
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(fields);
  }
  if (!open) {
    return (
      <p>
        <Button onClick={() => setOpen(true)}>New walk-in job</Button>
      </p>
    );
  }
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-job-heading"
    >
      <h2 id="new-job-heading">New walk-in job</h2>
      <ErrorSummary error={create.error} fields={Object.keys(fields)} />
      <TextField
        label="Customer's name"
        name="customer_name"
        value={fields.customer_name}
        onChange={set('customer_name')}
        error={firstError(errors, 'customer_name')}
        required
      />
      <TextField
        label="Customer's e-mail (optional)"
        name="customer_email"
        type="email"
        value={fields.customer_email}
        onChange={set('customer_email')}
        error={firstError(errors, 'customer_email')}
        hint="Without one, nothing is mailed: read out or text the tracker link from the job's page."
      />
      <TextField
        label="Customer's telephone"
        name="customer_telephone"
        type="tel"
        value={fields.customer_telephone}
        onChange={set('customer_telephone')}
        error={firstError(errors, 'customer_telephone')}
        hint="A UK number. Needed when there is no e-mail address."
      />
      <TextField
        label="Vehicle"
        name="vehicle"
        value={fields.vehicle}
        onChange={set('vehicle')}
        error={firstError(errors, 'vehicle')}
        required
      />
      <TextField
        label="Registration"
        name="registration"
        value={fields.registration}
        onChange={set('registration')}
        error={firstError(errors, 'registration')}
      />
      <TextAreaField
        label="Agreed work"
        name="agreed_work"
        value={fields.agreed_work}
        onChange={set('agreed_work')}
        error={firstError(errors, 'agreed_work')}
        required
        rows={3}
      />
      <TextField
        label="Promised ready on"
        name="promised_ready_on"
        type="date"
        value={fields.promised_ready_on}
        onChange={set('promised_ready_on')}
        error={firstError(errors, 'promised_ready_on')}
        required
      />
      <div className="admin-form__actions">
        <Button type="submit" loading={create.isPending}>
          {fields.customer_email.trim() ? 'Open the job and e-mail the tracker link' : 'Open the job'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
