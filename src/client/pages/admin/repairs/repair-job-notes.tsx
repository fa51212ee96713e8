/** The repair job's staff notes: never shown to the customer. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import type { RepairJobSectionProps } from './repair-job-section-props.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function NotesSection({ job, onSuccess }: RepairJobSectionProps) {
  const dates = useDateFormat();
  const [body, setBody] = useState('');
  const add = useMutation(trpc.repairJobs.admin.addNote.mutationOptions({ onSuccess: async (a) => (setBody(''), onSuccess(a)) }));
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-form admin-section"
      noValidate
      aria-labelledby="job-notes-heading"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ id: job.id, body });
      }}
    >
      <h2 id="job-notes-heading">Staff notes (never shown to the customer)</h2>
      {job.notes.length > 0 && (
        <ul className="repair-job__notes">
          {job.notes.map((n) => (
            <li key={n.id}>
              {formatDateTime(n.created_at, dates)}
              {n.author ? `, ${n.author}` : ''}: {n.body}
            </li>
          ))}
        </ul>
      )}
      <TextAreaField
        label="New note"
        name="body"
        value={body}
        onChange={setBody}
        rows={3}
        error={firstError(fieldErrorsOf(add.error), 'body')}
      />
      <div className="admin-form__actions">
        <Button type="submit" loading={add.isPending}>
          Add note
        </Button>
      </div>
    </form>
  );
}
