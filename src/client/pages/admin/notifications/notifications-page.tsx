/**
 * /admin/notifications (owners only): which events e-mail the shop, and to which addresses. Every
 * event is on and goes to the shop's e-mail (Shop details) until an owner chooses otherwise.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextAreaField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from '#shared/value-sets.ts';
import type { NotificationSettings } from '#shared/schemas/notifications.ts';

export function NotificationsPage() {
  const settings = useQuery(trpc.notifications.admin.get.queryOptions({}));
  return (
    <>
      <h1 className="admin__title">Notifications</h1>
      <p>Choose what the shop is e-mailed about, and who receives it.</p>
      {settings.isPending ? (
        <Spinner label="Loading notifications…" />
      ) : settings.data ? (
        <NotificationsForm initial={settings.data} />
      ) : (
        <ErrorSummary error={settings.error} />
      )}
    </>
  );
}

function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<NotificationEvent[]>(initial.events);
  const [recipients, setRecipients] = useState(initial.recipients.join('\n'));
  const save = useMutation(
    trpc.notifications.admin.update.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.notifications.admin.get.queryKey({}), data),
    }),
  );
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const recipientError = Object.entries(errors).find(([key]) => key.startsWith('recipients'))?.[1]?.[0];
  const toggle = (event: NotificationEvent, on: boolean) =>
    setEvents((current) => NOTIFICATION_EVENTS.filter((e) => (e === event ? on : current.includes(e))));
  return (
    <form
      method="post"
      action={SCRIPT_ONLY_FORM_PATH}
      className="admin-setup__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          events,
          recipients: recipients
            .split(/[\s,;]+/)
            .map((r) => r.trim())
            .filter((r) => r !== ''),
        });
      }}
    >
      {save.isSuccess && <Alert tone="success">Notifications saved.</Alert>}
      {save.isError && !recipientError && <ErrorSummary error={save.error} />}
      <fieldset className="admin-section">
        <legend>E-mail the shop when</legend>
        {NOTIFICATION_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            label={NOTIFICATION_EVENT_LABELS[event]}
            name={`event-${event}`}
            checked={events.includes(event)}
            onChange={(on) => toggle(event, on)}
          />
        ))}
      </fieldset>
      <TextAreaField
        label="Send to"
        name="recipients"
        rows={3}
        hint={`One address a line. Left empty: the shop's e-mail, ${initial.shop_email}.`}
        value={recipients}
        onChange={setRecipients}
        error={recipientError}
      />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save notifications
        </Button>
      </div>
    </form>
  );
}
