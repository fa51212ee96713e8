/** Booking setup's booking types: the list (change, switch off or on each) and the form that adds one. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import type { FieldErrors } from '#shared/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CheckboxField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import type { AdminBookingType } from '#shared/schemas/bookings.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { formatPence } from '#shared/format/money.ts';
import { DepositFields, depositInputOf, depositValuesOf } from './booking-deposit-fields.tsx';

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
        <BookingTypeFields
          values={form}
          onChange={(patch) => setForm({ ...form, ...patch })}
          errors={errors}
          names={{ name: 'type-name', minutes: 'type-minutes', capacity: 'type-capacity' }}
          required
        />
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
  const [deposit, setDeposit] = useState(() => depositValuesOf(type));
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
            update.mutate({
              id: type.id,
              name: values.name,
              duration_minutes: values.duration_minutes,
              capacity: values.capacity,
              ...depositInputOf(deposit),
            });
          }}
        >
          <BookingTypeFields
            values={values}
            onChange={(patch) => setValues({ ...values, ...patch })}
            errors={errors}
            names={{ name: `name-${type.id}`, minutes: `minutes-${type.id}`, capacity: `capacity-${type.id}` }}
          />
          <DepositFields
            values={deposit}
            onChange={(patch) => setDeposit({ ...deposit, ...patch })}
            errors={errors}
            idPrefix={`type-${type.id}`}
          />
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
            {type.deposit_kind === 'fixed' && `, deposit ${formatPence(type.deposit_fixed_pence)}`}
            {type.deposit_kind === 'share' && `, deposit ${type.deposit_share_bp / 100}% of the estimate`}
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

type TypeFieldValues = { name: string; duration_minutes: string; capacity: string };

/** A type's name, length and places at once: the same fields on the form that adds one and on a type's change form. */
function BookingTypeFields({
  values,
  onChange,
  errors,
  names,
  required,
}: {
  values: TypeFieldValues;
  onChange: (patch: Partial<TypeFieldValues>) => void;
  errors: FieldErrors;
  /** Each field's form name, unique on the page. */
  names: { name: string; minutes: string; capacity: string };
  required?: boolean;
}) {
  return (
    <div className="admin-setup__row">
      <TextField
        label="Name"
        name={names.name}
        required={required}
        value={values.name}
        onChange={(v) => onChange({ name: v })}
        error={errors.name?.[0]}
      />
      <TextField
        label="Minutes"
        name={names.minutes}
        type="number"
        required={required}
        value={values.duration_minutes}
        onChange={(v) => onChange({ duration_minutes: v })}
        error={errors.duration_minutes?.[0]}
      />
      <TextField
        label="At once"
        name={names.capacity}
        type="number"
        required={required}
        value={values.capacity}
        onChange={(v) => onChange({ capacity: v })}
        error={errors.capacity?.[0]}
      />
    </div>
  );
}
