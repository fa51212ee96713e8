/**
 * Booking setup's blocked times: the list ahead, and the form that blocks one. Its first press lists
 * the bookings the time clashes with; the second saves, keeping them or cancelling them with a mail
 * to each customer.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { bookingLine } from './booking-labels.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function BlockedTimesSection() {
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const list = useQuery(trpc.bookings.admin.listBlockedTimes.queryOptions({}));
  const [values, setValues] = useState({ date: '', from: '13:00', to: '17:00', note: '' });
  const [cancelClashing, setCancelClashing] = useState(false);
  const [checked, setChecked] = useState<typeof values | null>(null);
  const clashes = useQuery({
    ...trpc.bookings.admin.listClashes.queryOptions({
      from_date: checked?.date ?? '',
      to_date: checked?.date ?? '',
      from_time: checked?.from,
      to_time: checked?.to,
    }),
    enabled: checked !== null,
  });
  const add = useMutation(
    trpc.bookings.admin.addBlockedTime.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.listBlockedTimes.queryKey() });
        setChecked(null);
        setCancelClashing(false);
      },
    }),
  );
  const confirm = useConfirm();
  const remove = useMutation(
    trpc.bookings.admin.deleteBlockedTime.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.listBlockedTimes.queryKey() }),
    }),
  );
  const errors = add.isError ? fieldErrorsOf(add.error) : clashes.isError ? fieldErrorsOf(clashes.error) : {};
  const same = checked && checked.date === values.date && checked.from === values.from && checked.to === values.to;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // First press: list what it clashes with; second: save.
    if (!same) {
      add.reset();
      setChecked({ ...values });
      return;
    }
    add.mutate({ ...values, cancel_clashing: cancelClashing });
  }

  return (
    <section className="admin-section" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Blocked times</h2>
      <p>Times no one can book, beside the shop's closures (Shop details): an afternoon off, a training day.</p>
      {list.data && list.data.data.length > 0 ? (
        <ul className="admin-list">
          {list.data.data.map((b) => (
            <li key={b.id} className="admin-list__item">
              <p className="admin-list__title">
                {formatDateTime(b.starts_at, { timeZone })} to {formatDateTime(b.ends_at, { timeZone })}
              </p>
              {b.note && <p className="admin-list__text">{b.note}</p>}
              <div className="admin-list__actions">
                <Button
                  variant="quiet-danger"
                  onClick={() => void confirm().then((ok) => ok && remove.mutate({ id: b.id }))}
                  aria-label={`Remove the blocked time from ${formatDateTime(b.starts_at, { timeZone })}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>No blocked times ahead.</p>
      )}
      {add.isSuccess && (
        <Alert tone="success">
          Blocked.{' '}
          {add.data.clashes.length > 0 &&
            (add.data.clashes[0]!.status === 'cancelled'
              ? `${add.data.clashes.length} booking(s) cancelled and the customers told.`
              : `${add.data.clashes.length} booking(s) kept.`)}
        </Alert>
      )}
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-setup__form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Block a time"
      >
        <div className="admin-setup__row">
          <TextField
            label="Day"
            name="blocked-date"
            type="date"
            required
            value={values.date}
            onChange={(v) => setValues({ ...values, date: v })}
            error={(errors.date ?? errors.from_date)?.[0]}
          />
          <TextField
            label="From"
            name="blocked-from"
            type="time"
            required
            value={values.from}
            onChange={(v) => setValues({ ...values, from: v })}
            error={errors.from?.[0]}
          />
          <TextField
            label="To"
            name="blocked-to"
            type="time"
            required
            value={values.to}
            onChange={(v) => setValues({ ...values, to: v })}
            error={errors.to?.[0]}
          />
        </div>
        <TextField
          label="Note (optional)"
          name="blocked-note"
          value={values.note}
          onChange={(v) => setValues({ ...values, note: v })}
          error={errors.note?.[0]}
        />
        {same && clashes.isPending && <Spinner label="Looking for bookings at that time…" />}
        {same && clashes.data && (
          <div role="status" data-testid="blocked-clashes">
            {clashes.data.data.length === 0 ? (
              <p>No bookings at that time.</p>
            ) : (
              <>
                <p>These bookings are at that time:</p>
                <ul>
                  {clashes.data.data.map((b) => (
                    <li key={b.id}>{bookingLine(b, timeZone)}</li>
                  ))}
                </ul>
                <CheckboxField
                  name="cancel-clashing"
                  checked={cancelClashing}
                  onChange={setCancelClashing}
                  label="Cancel them and e-mail those customers"
                />
              </>
            )}
          </div>
        )}
        <div>
          <Button type="submit" loading={add.isPending || (same === true && clashes.isPending)}>
            {same ? 'Block this time' : 'Check for bookings'}
          </Button>
        </div>
      </form>
    </section>
  );
}
