// The calendar's "New booking": the admin books a caller or a walk-in with a name and a telephone
// number (an e-mail is optional: without one nothing is mailed). The picker offers every free time
// within opening hours (bookings.admin.availability: today and the days the online notice and
// horizon hide from customers too); the place is held as online, so a full time is refused. The
// booking's page opens after it is made, and the calendar shows it.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError } from '#client/lib/api-errors.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SlotPicker } from '#client/pages/book/slot-picker.tsx';
import { whenLabel } from '#client/pages/book/booking-format.ts';
import type { SlotView } from '#shared/schemas/bookings.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const FIELDS = ['booking_type_id', 'starts_at', 'name', 'telephone', 'email', 'vehicle', 'registration', 'location'] as const;

export function NewBookingForm({ timeZone }: { timeZone: string }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const types = useQuery({ ...trpc.bookings.admin.listTypes.queryOptions({}), enabled: open });
  const [typeId, setTypeId] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [fields, setFields] = useState({ name: '', telephone: '', email: '', vehicle: '', registration: '', location: '' });
  const create = useMutation(
    trpc.bookings.admin.create.mutationOptions({
      onSuccess: async (booking) => {
        await queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.list.pathKey() });
        navigate(screenHref('adminBooking', { id: booking.id }));
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const active = (types.data?.data ?? []).filter((t) => t.active);
  const type = active.find((t) => String(t.id) === typeId);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      ...fields,
      booking_type_id: typeId === '' ? undefined : Number(typeId),
      starts_at: slot?.starts_at,
    } as Parameters<typeof create.mutate>[0]);
  }

  if (!open) {
    return (
      <p>
        <Button onClick={() => setOpen(true)}>New booking</Button>
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
      aria-labelledby="new-booking-heading"
    >
      <h2 id="new-booking-heading">New booking for a caller or walk-in</h2>
      <ErrorSummary error={create.error} fields={[...FIELDS]} />
      <SelectField
        label="Booking type"
        name="booking_type_id"
        value={typeId}
        onChange={(value) => {
          setTypeId(value);
          setSlot(null);
        }}
        options={[{ value: '', label: 'Choose a type' }, ...active.map((t) => ({ value: String(t.id), label: t.name }))]}
        error={firstError(errors, 'booking_type_id')}
        required
      />
      {type && (
        <SlotPicker
          typeId={type.id}
          timeZone={timeZone}
          date={date}
          onDate={(d) => {
            setDate(d);
            setSlot(null);
          }}
          slot={slot}
          onSlot={setSlot}
          shopTimes
        />
      )}
      {firstError(errors, 'starts_at') && (
        <p className="field__error" id="new-booking-starts-at-error">
          {firstError(errors, 'starts_at')}
        </p>
      )}
      {slot && <p data-testid="new-booking-slot">Time: {whenLabel(slot.starts_at, slot.ends_at, timeZone)}</p>}
      <TextField
        label="Customer's name"
        name="name"
        value={fields.name}
        onChange={set('name')}
        error={firstError(errors, 'name')}
        required
      />
      <TextField
        label="Telephone"
        name="telephone"
        type="tel"
        value={fields.telephone}
        onChange={set('telephone')}
        error={firstError(errors, 'telephone')}
        hint="A UK number. Needed when there is no e-mail address."
      />
      <TextField
        label="E-mail (optional)"
        name="email"
        type="email"
        value={fields.email}
        onChange={set('email')}
        error={firstError(errors, 'email')}
        hint="Without one, nothing is mailed: no confirmation, reminder or manage link."
      />
      <TextField
        label="Vehicle (optional)"
        name="vehicle"
        value={fields.vehicle}
        onChange={set('vehicle')}
        error={firstError(errors, 'vehicle')}
      />
      <TextField
        label="Registration (optional)"
        name="registration"
        value={fields.registration}
        onChange={set('registration')}
        error={firstError(errors, 'registration')}
      />
      {type?.asks_location && (
        <TextField
          label="Where the vehicle is"
          name="location"
          value={fields.location}
          onChange={set('location')}
          error={firstError(errors, 'location')}
        />
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={create.isPending}>
          Book it
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
