/**
 * /admin/bookings/:id: a booking's details, its quote request (and so its photos) one click away,
 * and what the shop does with it: move it (the customer is mailed a new .ics), cancel it with a
 * reason the customer receives, mark it attended or no-show, answer a change request, open a
 * repair job from it (the customer and vehicle come from the booking).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ThreadPanel } from '#client/pages/admin/thread-panel.tsx';
import { PaymentsPanel } from '#client/pages/admin/payments-panel.tsx';
import { queryClient, trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { fieldErrorsOf } from '#client/lib/api-errors.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { SlotPicker } from '#client/pages/book/slot-picker.tsx';
import { whenLabel } from '#client/pages/book/booking-format.ts';
import { BOOKING_STATUS_LABELS } from '#client/pages/book/booking-status.ts';
import type { AdminBooking, AdminBookingDetail, SlotView } from '#shared/schemas/bookings.ts';
import './bookings-admin.css';
import { OpenRepairJobForm } from '#client/pages/admin/repairs/open-repair-job-form.tsx';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { ContactLink } from '#client/components/contact-link.tsx';

type Panel = 'move' | 'cancel' | 'decline' | null;

export function BookingDetailPage({ id }: { id: number }) {
  const booking = useQuery(trpc.bookings.admin.get.queryOptions({ id }));
  return (
    <>
      <p className="admin__back">
        <Link href={screenHref('adminBookings')}>← All bookings</Link>
      </p>
      <ErrorSummary error={booking.error} />
      {booking.isPending ? <Spinner label="Loading booking…" /> : booking.data && <BookingView booking={booking.data} />}
    </>
  );
}

function BookingView({ booking }: { booking: AdminBookingDetail }) {
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const [panel, setPanel] = useState<Panel>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const done = (data: AdminBooking, text: string) => {
    // An action's answer is the booking without its page's extras (its repair job stays as it was).
    queryClient.setQueryData(trpc.bookings.admin.get.queryKey({ id: booking.id }), {
      ...data,
      repair_job: booking.repair_job,
      quote_repair_job: booking.quote_repair_job,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.bookings.admin.counts.queryKey() });
    setPanel(null);
    setSlot(null);
    setDate(null);
    setReason('');
    setNotice(text);
  };
  // A caller booked with a telephone number only is mailed nothing: the shop tells them.
  const told = (d: AdminBooking, mailed: string, unmailed: string) => (d.email ? mailed : unmailed);
  const move = useMutation(
    trpc.bookings.admin.move.mutationOptions({
      onSuccess: (d) =>
        done(
          d,
          told(d, 'Moved. The customer has been e-mailed the new time.', 'Moved. No e-mail address: call the customer with the new time.'),
        ),
    }),
  );
  const accept = useMutation(
    trpc.bookings.admin.decideChange.mutationOptions({
      onSuccess: (d) =>
        done(
          d,
          told(
            d,
            'Change accepted. The customer has been e-mailed the new time.',
            'Change accepted. No e-mail address: call the customer.',
          ),
        ),
    }),
  );
  const decline = useMutation(
    trpc.bookings.admin.decideChange.mutationOptions({ onSuccess: (d) => done(d, 'Change declined. The customer has been told.') }),
  );
  const cancel = useMutation(
    trpc.bookings.admin.cancel.mutationOptions({
      onSuccess: (d) => done(d, told(d, 'Cancelled. The customer has been told why.', 'Cancelled. No e-mail address: call the customer.')),
    }),
  );
  const mark = useMutation(
    trpc.bookings.admin.mark.mutationOptions({ onSuccess: (d) => done(d, `Marked ${BOOKING_STATUS_LABELS[d.status].toLowerCase()}.`) }),
  );
  const failed = [move, accept, decline, cancel, mark].find((m) => m.isError);
  const reasonError = [cancel, decline].map((m) => (m.isError ? fieldErrorsOf(m.error).reason?.[0] : undefined)).find(Boolean);

  function onCancel(event: FormEvent) {
    event.preventDefault();
    cancel.mutate({ id: booking.id, reason });
  }
  function onDecline(event: FormEvent) {
    event.preventDefault();
    decline.mutate({ id: booking.id, accept: false, reason });
  }

  const started = new Date(booking.starts_at) <= new Date();
  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Booking {booking.reference}</h1>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {failed && <ErrorSummary error={failed.error} fields={['reason']} />}
      <dl className="admin-booking__facts">
        <dt>What</dt>
        <dd>{booking.type_name}</dd>
        <dt>When</dt>
        <dd data-testid="admin-booking-when">{whenLabel(booking.starts_at, booking.ends_at, timeZone)}</dd>
        <dt>Status</dt>
        <dd>
          {BOOKING_STATUS_LABELS[booking.status]}
          {booking.cancel_reason ? ` (${booking.cancel_reason})` : ''}
        </dd>
        <dt>Name</dt>
        <dd>{booking.name}</dd>
        <dt>E-mail</dt>
        <dd>
          <ContactLink kind="email" value={booking.email} />
        </dd>
        <dt>Telephone</dt>
        <dd>
          <ContactLink kind="telephone" value={booking.telephone} />
        </dd>
        <dt>Vehicle</dt>
        <dd>
          {booking.vehicle}
          {booking.registration ? ` (${booking.registration})` : ''}
        </dd>
        {booking.location && (
          <>
            <dt>Where</dt>
            <dd>{booking.location}</dd>
          </>
        )}
        <dt>Quote</dt>
        <dd>
          {booking.quote_request_id ? (
            <Link href={screenHref('adminQuote', { id: booking.quote_request_id })}>Open the quote request and its photos</Link>
          ) : (
            (booking.quote_reference ?? 'None given')
          )}
        </dd>
        <dt>Booked</dt>
        <dd>{formatDateTime(booking.created_at, { timeZone })}</dd>
      </dl>

      {booking.change_request && booking.status === 'booked' && (
        <div className="admin-booking__panel" role="region" aria-label="Change request">
          <h2>The customer asks for a change</h2>
          <p>“{booking.change_request}”</p>
          <div className="admin-booking__actions">
            <Button onClick={() => setPanel('move')}>Accept: pick the new time</Button>
            <Button variant="secondary" onClick={() => setPanel('decline')}>
              Decline
            </Button>
          </div>
        </div>
      )}

      {booking.status === 'booked' && (
        <div className="admin-booking__actions">
          <Button onClick={() => setPanel('move')}>Move</Button>
          <Button variant="quiet-danger" onClick={() => setPanel('cancel')}>
            Cancel booking
          </Button>
          {started && (
            <>
              <Button variant="secondary" loading={mark.isPending} onClick={() => mark.mutate({ id: booking.id, status: 'attended' })}>
                Mark attended
              </Button>
              <Button variant="secondary" loading={mark.isPending} onClick={() => mark.mutate({ id: booking.id, status: 'no_show' })}>
                Mark no-show
              </Button>
            </>
          )}
        </div>
      )}
      {(booking.status === 'attended' || booking.status === 'no_show') && (
        <div className="admin-booking__actions">
          <Button
            variant="secondary"
            onClick={() => mark.mutate({ id: booking.id, status: booking.status === 'attended' ? 'no_show' : 'attended' })}
          >
            {booking.status === 'attended' ? 'Mark no-show instead' : 'Mark attended instead'}
          </Button>
        </div>
      )}

      {panel === 'move' && (
        <div className="admin-booking__panel">
          <h2>Move to</h2>
          <SlotPicker
            typeId={booking.type_id}
            timeZone={timeZone}
            date={date}
            onDate={(d) => {
              setDate(d);
              setSlot(null);
            }}
            slot={slot}
            onSlot={setSlot}
            exclude={booking.starts_at}
          />
          <div className="admin-booking__actions">
            <Button
              disabled={!slot}
              loading={move.isPending || accept.isPending}
              onClick={() => {
                if (!slot) return;
                if (booking.change_request) accept.mutate({ id: booking.id, accept: true, starts_at: slot.starts_at });
                else move.mutate({ id: booking.id, starts_at: slot.starts_at });
              }}
            >
              {slot ? `Move to ${whenLabel(slot.starts_at, slot.ends_at, timeZone)}` : 'Pick a time'}
            </Button>
            <Button variant="secondary" onClick={() => setPanel(null)}>
              Keep the time
            </Button>
          </div>
        </div>
      )}
      {(panel === 'cancel' || panel === 'decline') && (
        <form
          method="post"
          action={SCRIPT_ONLY_FORM_PATH}
          className="admin-booking__panel"
          onSubmit={panel === 'cancel' ? onCancel : onDecline}
          noValidate
        >
          <TextAreaField
            label={panel === 'cancel' ? 'Reason (the customer receives it)' : 'What to tell the customer'}
            name="reason"
            required={panel === 'cancel'}
            rows={3}
            value={reason}
            onChange={setReason}
            error={reasonError}
          />
          <div className="admin-booking__actions">
            <Button type="submit" variant={panel === 'cancel' ? 'danger' : 'primary'} loading={cancel.isPending || decline.isPending}>
              {panel === 'cancel' ? 'Cancel and tell the customer' : 'Decline the change'}
            </Button>
            <Button variant="secondary" onClick={() => setPanel(null)}>
              Back
            </Button>
          </div>
        </form>
      )}
      {booking.repair_job ? (
        <p className="admin-booking__job">
          Repair job: <Link href={screenHref('adminRepair', { id: booking.repair_job.id })}>{booking.repair_job.reference}</Link>
        </p>
      ) : booking.quote_repair_job ? (
        <p className="admin-booking__job">
          This booking&rsquo;s quote already has a repair job:{' '}
          <Link href={screenHref('adminRepair', { id: booking.quote_repair_job.id })}>{booking.quote_repair_job.reference}</Link>
        </p>
      ) : (
        booking.status !== 'cancelled' && <OpenRepairJobForm from={{ booking_id: booking.id }} />
      )}
      <PaymentsPanel matter="booking" id={booking.id} />
      <ThreadPanel matter="booking" id={booking.id} />
    </>
  );
}
