/**
 * /admin/booking-setup: the booking types (add, change, switch off or on), the settings (earliest
 * booking, how far ahead, the customer's change cut-off) and blocked times. Before a blocked time is
 * saved, the bookings it clashes with are listed, and the admin chooses to keep them or to cancel
 * them with a mail to each customer.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useConfirm } from '#client/components/ui/confirm-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { AdminBookingType } from '#shared/schemas/bookings.ts';
import { bookingLine } from './booking-labels.ts';
import './bookings-admin.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

export function BookingSetupPage() {
  return (
    <>
      <p className="admin__back">
        <Link href="/bookings">← Bookings</Link>
      </p>
      <div className="admin__heading">
        <h1 className="admin__title">Booking setup</h1>
      </div>
      <TypesSection />
      <SettingsSection />
      <BlockedSection />
    </>
  );
}

const invalidateTypes = () => queryClient.invalidateQueries({ queryKey: trpc.bookings.adminTypes.queryKey() });

function TypesSection() {
  const list = useQuery(trpc.bookings.adminTypes.queryOptions({}));
  const [form, setForm] = useState({ name: '', duration_minutes: '20', capacity: '1', asks_location: false });
  const create = useMutation(
    trpc.bookings.adminCreateType.mutationOptions({
      onSuccess: () => {
        void invalidateTypes();
        setForm({ name: '', duration_minutes: '20', capacity: '1', asks_location: false });
      },
    }),
  );
  const errors = create.isError ? fieldErrorsOf(create.error) : {};
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      name: form.name,
      description: '',
      duration_minutes: form.duration_minutes,
      capacity: form.capacity,
      asks_location: form.asks_location,
    });
  }
  return (
    <section className="admin-section" aria-labelledby="types-title">
      <h2 id="types-title">Booking types</h2>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading types…" />
      ) : (
        <ul className="admin-list">
          {list.data?.data.map((type) => (
            <TypeRow key={type.id} type={type} />
          ))}
        </ul>
      )}
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-setup__form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Add a booking type"
      >
        <h3>Add a type</h3>
        <ErrorSummary error={create.error} fields={['name', 'duration_minutes', 'capacity']} />
        <div className="admin-setup__row">
          <TextField
            label="Name"
            name="type-name"
            required
            value={form.name}
            onChange={(v) => setForm({ ...form, name: v })}
            error={errors.name?.[0]}
          />
          <TextField
            label="Minutes"
            name="type-minutes"
            type="number"
            required
            value={form.duration_minutes}
            onChange={(v) => setForm({ ...form, duration_minutes: v })}
            error={errors.duration_minutes?.[0]}
          />
          <TextField
            label="At once"
            name="type-capacity"
            type="number"
            required
            value={form.capacity}
            onChange={(v) => setForm({ ...form, capacity: v })}
            error={errors.capacity?.[0]}
          />
        </div>
        <CheckboxField
          name="type-location"
          checked={form.asks_location}
          onChange={(v) => setForm({ ...form, asks_location: v })}
          label="Asks where (on-site visits)"
        />
        <div>
          <Button type="submit" loading={create.isPending}>
            Add type
          </Button>
        </div>
      </form>
    </section>
  );
}

function TypeRow({ type }: { type: AdminBookingType }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({
    name: type.name,
    duration_minutes: String(type.duration_minutes),
    capacity: String(type.capacity),
  });
  const update = useMutation(
    trpc.bookings.adminUpdateType.mutationOptions({
      onSuccess: () => {
        void invalidateTypes();
        setEditing(false);
      },
    }),
  );
  const errors = update.isError ? fieldErrorsOf(update.error) : {};
  return (
    <li className="admin-list__item">
      {editing ? (
        <form
          method="post"
          action={SCRIPT_ONLY_FORM_PATH}
          className="admin-setup__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: type.id, name: values.name, duration_minutes: values.duration_minutes, capacity: values.capacity });
          }}
        >
          <div className="admin-setup__row">
            <TextField
              label="Name"
              name={`name-${type.id}`}
              value={values.name}
              onChange={(v) => setValues({ ...values, name: v })}
              error={errors.name?.[0]}
            />
            <TextField
              label="Minutes"
              name={`minutes-${type.id}`}
              type="number"
              value={values.duration_minutes}
              onChange={(v) => setValues({ ...values, duration_minutes: v })}
              error={errors.duration_minutes?.[0]}
            />
            <TextField
              label="At once"
              name={`capacity-${type.id}`}
              type="number"
              value={values.capacity}
              onChange={(v) => setValues({ ...values, capacity: v })}
              error={errors.capacity?.[0]}
            />
          </div>
          <div className="admin-list__actions">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="admin-list__title">
            {type.name} {!type.active && <span className="admin-badge">Switched off</span>}
          </p>
          <p className="admin-list__text">
            {type.duration_minutes} minutes, {type.capacity} at once{type.asks_location ? ', asks where' : ''}
          </p>
          <div className="admin-list__actions">
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Change ${type.name}`}>
              Change
            </Button>
            <Button
              variant="secondary"
              loading={update.isPending}
              onClick={() => update.mutate({ id: type.id, active: !type.active })}
              aria-label={`${type.active ? 'Switch off' : 'Switch on'} ${type.name}`}
            >
              {type.active ? 'Switch off' : 'Switch on'}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function SettingsSection() {
  const settings = useQuery(trpc.bookings.adminSettings.queryOptions({}));
  if (settings.isPending) return <Spinner label="Loading settings…" />;
  if (!settings.data) return <ErrorSummary error={settings.error} />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: { earliest_working_days: number; horizon_days: number; change_cutoff_hours: number } }) {
  const [values, setValues] = useState({
    earliest_working_days: String(initial.earliest_working_days),
    horizon_days: String(initial.horizon_days),
    change_cutoff_hours: String(initial.change_cutoff_hours),
  });
  const save = useMutation(trpc.bookings.adminUpdateSettings.mutationOptions());
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  return (
    <section className="admin-section" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form
        method="post"
        action={SCRIPT_ONLY_FORM_PATH}
        className="admin-setup__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(values);
        }}
      >
        {save.isSuccess && <Alert tone="success">Settings saved.</Alert>}
        <div className="admin-setup__row">
          <TextField
            label="Earliest booking (working days ahead)"
            name="earliest_working_days"
            type="number"
            hint="1: the next working day."
            value={values.earliest_working_days}
            onChange={(v) => setValues({ ...values, earliest_working_days: v })}
            error={errors.earliest_working_days?.[0]}
          />
          <TextField
            label="How far ahead (days)"
            name="horizon_days"
            type="number"
            value={values.horizon_days}
            onChange={(v) => setValues({ ...values, horizon_days: v })}
            error={errors.horizon_days?.[0]}
          />
          <TextField
            label="Customer changes until (hours before)"
            name="change_cutoff_hours"
            type="number"
            value={values.change_cutoff_hours}
            onChange={(v) => setValues({ ...values, change_cutoff_hours: v })}
            error={errors.change_cutoff_hours?.[0]}
          />
        </div>
        <div>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  );
}

function BlockedSection() {
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const list = useQuery(trpc.bookings.adminBlockedTimes.queryOptions({}));
  const [values, setValues] = useState({ date: '', from: '13:00', to: '17:00', note: '' });
  const [cancelClashing, setCancelClashing] = useState(false);
  const [checked, setChecked] = useState<typeof values | null>(null);
  const clashes = useQuery({
    ...trpc.bookings.adminClashes.queryOptions({
      from_date: checked?.date ?? '',
      to_date: checked?.date ?? '',
      from_time: checked?.from,
      to_time: checked?.to,
    }),
    enabled: checked !== null,
  });
  const add = useMutation(
    trpc.bookings.adminAddBlockedTime.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.bookings.adminBlockedTimes.queryKey() });
        setChecked(null);
        setCancelClashing(false);
      },
    }),
  );
  const confirm = useConfirm();
  const remove = useMutation(
    trpc.bookings.adminDeleteBlockedTime.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.bookings.adminBlockedTimes.queryKey() }),
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
