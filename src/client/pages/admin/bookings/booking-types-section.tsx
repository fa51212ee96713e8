/** Booking setup's booking types: the list (change, switch off or on each) and the form that adds one. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { AdminBookingType } from '#shared/schemas/bookings.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const invalidateTypes = () => queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.listTypes.queryKey() });
export function BookingTypesSection() {
  const list = useQuery(trpc.bookings.admin.listTypes.queryOptions({}));
  const [form, setForm] = useState({ name: '', duration_minutes: '20', capacity: '1', asks_location: false });
  const create = useMutation(
    trpc.bookings.admin.createType.mutationOptions({
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
    trpc.bookings.admin.updateType.mutationOptions({
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
