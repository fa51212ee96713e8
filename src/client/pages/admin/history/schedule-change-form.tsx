/**
 * "Schedule…" on an edit screen: publish the item's draft, or put a widget back to its
 * previous version, at a date and time on the shop's clock; and this item's pending changes with
 * Cancel. Not a <form>: it sits inside the edit screen's form, and forms do not nest.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DraftKind } from '#shared/schemas/versions.ts';
import { SCHEDULED_ACTION_LABELS, type ScheduledAction } from '#shared/value-sets.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { localMoment } from '#shared/opening-status.ts';
import { ADMIN_BANNER_MS } from '#shared/limits.ts';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';

export interface ScheduleChangeFormProps {
  kind: DraftKind;
  id: number;
  /** The item has a draft to publish. */
  hasDraft: boolean;
  /** The item is live: it has a previous version to go back to (widgets only). */
  isPublished: boolean;
}

/** Tomorrow on the shop's calendar (YYYY-MM-DD). */
function tomorrow(timeZone: string | undefined): string {
  return localMoment(new Date(Date.now() + 24 * 60 * 60 * 1000), timeZone ?? 'Europe/London').date;
}

export function ScheduleChangeForm({ kind, id, hasDraft, isPublished }: ScheduleChangeFormProps) {
  const dates = useDateFormat();
  const confirm = useConfirm();
  const [message, flash] = useFlash(ADMIN_BANNER_MS);
  const actions: ScheduledAction[] = [
    ...(hasDraft ? ['publish-draft' as const] : []),
    ...(kind === 'widget' && isPublished ? ['revert' as const] : []),
  ];
  const [chosen, setChosen] = useState<ScheduledAction | ''>('');
  const action = chosen !== '' && actions.includes(chosen) ? chosen : (actions[0] ?? '');
  const [date, setDate] = useState(() => tomorrow(dates.timeZone));
  const [time, setTime] = useState('09:00');
  const changes = useQuery(trpc.versions.scheduledChanges.queryOptions({ kind, id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.versions.scheduledChanges.pathKey() });
  const schedule = useMutation(
    trpc.versions.scheduleChange.mutationOptions({
      onSuccess: async (change) => {
        flash(`Scheduled: ${SCHEDULED_ACTION_LABELS[change.action].toLowerCase()} on ${formatDateTime(change.run_at, dates)}.`);
        await refresh();
      },
    }),
  );
  const cancel = useMutation(trpc.versions.cancelScheduledChange.mutationOptions({ onSettled: refresh }));
  const errors = fieldErrorsOf(schedule.error);
  const pending = changes.data?.results.filter((change) => change.state === 'pending') ?? [];

  async function onCancel(changeId: number) {
    if (await confirm()) cancel.mutate({ id: changeId });
  }

  return (
    <details className="schedule-change">
      {/* Closed until asked for; what is already scheduled is counted on it. */}
      <summary>Schedule…{pending.length > 0 && ` (${pending.length} scheduled)`}</summary>
      {message && <Alert tone="success">{message}</Alert>}
      <ErrorSummary error={schedule.error} fields={['action', 'date', 'time']} />
      <ErrorSummary error={cancel.error ?? changes.error} />
      {actions.length === 0 ? (
        <p className="admin-form__note">Save a draft first: a draft can be scheduled to be published.</p>
      ) : (
        <>
          <div className="admin-form__grid">
            <SelectField
              label="What"
              name="schedule-action"
              value={action}
              onChange={(value) => setChosen(value as ScheduledAction)}
              options={actions.map((value) => ({ value, label: SCHEDULED_ACTION_LABELS[value] }))}
              error={firstError(errors, 'action')}
            />
            <TextField
              label="Date"
              name="schedule-date"
              type="date"
              value={date}
              onChange={setDate}
              error={firstError(errors, 'date')}
              required
            />
            <TextField
              label="Time"
              name="schedule-time"
              type="time"
              value={time}
              onChange={setTime}
              error={firstError(errors, 'time')}
              hint="On the shop's clock."
              required
            />
          </div>
          <div className="admin-form__actions">
            <Button
              variant="secondary"
              loading={schedule.isPending}
              onClick={() => action !== '' && schedule.mutate({ kind, id, action, date, time })}
            >
              Schedule
            </Button>
          </div>
        </>
      )}
      {pending.length > 0 && (
        <ul className="schedule-change__list" aria-label="Scheduled changes">
          {pending.map((change) => (
            <li key={change.id}>
              {SCHEDULED_ACTION_LABELS[change.action]} on {formatDateTime(change.run_at, dates)}
              {change.scheduled_by && ` (${change.scheduled_by})`}{' '}
              <Button
                variant="ghost"
                loading={cancel.isPending && cancel.variables?.id === change.id}
                onClick={() => void onCancel(change.id)}
              >
                Cancel<span className="visually-hidden"> this scheduled change</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
