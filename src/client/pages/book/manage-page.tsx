/**
 * /book/manage/:token: the private link from the confirmation (no sign-in). Until the cut-off the
 * customer moves the booking to another free time or cancels it; after it, the page takes a
 * request for a change, which the shop accepts or declines. Below, the booking's messages with the shop. Never indexed (the route table's
 * `disallow`), and the token's answers are `Cache-Control: no-store`.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextAreaField } from '#client/components/ui/form-fields.tsx';
import { fieldErrorsOf, messageOf, statusOf } from '#client/lib/api-errors.ts';
import { useShop } from '#client/lib/shop.ts';
import { trpc } from '#client/lib/trpc.ts';
import { BookingDeposit } from './booking-deposit.tsx';
import { formatDateTime } from '#shared/format/dates.ts';
import type { CustomerBooking, SlotView } from '#shared/schemas/bookings.ts';
import { SlotPicker } from './slot-picker.tsx';
import { BookingThread } from './booking-thread.tsx';
import { whenLabel } from './booking-format.ts';
import { BOOKING_STATUS_LABELS } from './booking-status.ts';
import './book.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { ContactLink } from '#client/components/contact-link.tsx';

export function ManageBookingPage({ token }: { token: string }) {
  const shop = useShop();
  const timeZone = shop?.timeZone ?? 'Europe/London';
  const queryClient = useQueryClient();
  const booking = useQuery({ ...trpc.bookings.manageGet.queryOptions({ token }), retry: false });
  const [moving, setMoving] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  /** Counts the results, so a second confirmation of the same words is brought into view again. */
  const [results, setResults] = useState(0);
  const askForm = useRef<HTMLFormElement>(null);

  const update = (data: CustomerBooking, text: string) => {
    queryClient.setQueryData(trpc.bookings.manageGet.queryKey({ token }), data);
    setNotice(text);
    setResults((n) => n + 1);
    setMoving(false);
    setSlot(null);
    setDate(null);
    setConfirmCancel(false);
  };
  const reschedule = useMutation(
    trpc.bookings.manageReschedule.mutationOptions({
      onSuccess: (data) => update(data, 'Your booking has its new time. We have e-mailed you a new calendar file.'),
    }),
  );
  const cancel = useMutation(
    trpc.bookings.manageCancel.mutationOptions({ onSuccess: (data) => update(data, 'Your booking is cancelled.') }),
  );
  const ask = useMutation(
    trpc.bookings.manageRequestChange.mutationOptions({
      // What was asked stays on the page, in the confirmation, once the box is emptied.
      onSuccess: (data, sent) => {
        update(data, `Thank you: we have your request and will get back to you. You asked: “${sent.message.trim()}”`);
        setMessage('');
      },
    }),
  );

  // A refused change request: the message's field takes the focus, its reason beside it.
  useEffect(() => {
    if (ask.isError && fieldErrorsOf(ask.error).message) askForm.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [ask.isError, ask.error]);

  if (booking.isPending) {
    return (
      <>
        <PageHeader title="Manage my booking" />
        <section className="section container book">
          <Spinner label="Loading your booking…" />
        </section>
      </>
    );
  }
  if (booking.isError) {
    return (
      <>
        <PageHeader title="Manage my booking" />
        <section className="section container book">
          <Alert tone="error">
            {statusOf(booking.error) === 404 || statusOf(booking.error) === 422
              ? 'This link does not open a booking. Please check the link in your e-mail, or call us.'
              : messageOf(booking.error)}
          </Alert>
        </section>
      </>
    );
  }
  const b = booking.data;
  const failure = [reschedule, cancel, ask].find((m) => m.isError);
  const askErrors = ask.isError ? fieldErrorsOf(ask.error) : {};
  const askFieldError = askErrors.message?.[0];

  function onAsk(event: FormEvent) {
    event.preventDefault();
    ask.mutate({ token, message });
  }

  return (
    <>
      <PageHeader title="Manage my booking" />
      <section className="section container book">
        {failure && !askFieldError ? (
          <ResultInView tone="error" trigger={failure.error}>
            {messageOf(failure.error)}
          </ResultInView>
        ) : (
          notice && (
            <ResultInView tone="success" trigger={results}>
              {notice}
            </ResultInView>
          )
        )}
        <div className="book__summary">
          <p>
            {b.type_name}, reference <strong className="book__reference">{b.reference}</strong>
          </p>
          <p data-testid="booking-when">
            <strong>{whenLabel(b.starts_at, b.ends_at, timeZone)}</strong>
          </p>
          <p>
            Vehicle: {b.vehicle}
            {b.registration ? ` (${b.registration})` : ''}
            {b.location ? `. Where: ${b.location}` : ''}
          </p>
          <p>Status: {BOOKING_STATUS_LABELS[b.status]}</p>
          {b.status !== 'cancelled' && <BookingDeposit token={token} />}
          {shop?.telephone && (
            <p>
              Questions? Call us on <ContactLink kind="telephone" value={shop.telephone} />
            </p>
          )}
        </div>
        {b.can_change ? (
          <div className="book__step">
            <p>You can change or cancel this booking here until {formatDateTime(b.change_until, { timeZone })}.</p>
            {!moving && !confirmCancel && (
              <div className="book__actions">
                <Button onClick={() => setMoving(true)}>Change the time</Button>
                <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                  Cancel the booking
                </Button>
              </div>
            )}
            {confirmCancel && (
              <div className="book__actions" role="group" aria-label="Cancel the booking?">
                <p>Cancel this booking?</p>
                <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate({ token })}>
                  Yes, cancel it
                </Button>
                <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                  No, keep it
                </Button>
              </div>
            )}
            {moving && (
              <>
                <h2 className="book__step-title">Pick a new time</h2>
                <SlotPicker
                  typeId={b.type_id}
                  timeZone={timeZone}
                  date={date}
                  onDate={(d) => {
                    setDate(d);
                    setSlot(null);
                  }}
                  slot={slot}
                  onSlot={setSlot}
                  exclude={b.starts_at}
                />
                <div className="book__actions">
                  <Button
                    disabled={!slot}
                    loading={reschedule.isPending}
                    onClick={() => slot && reschedule.mutate({ token, starts_at: slot.starts_at })}
                  >
                    {slot ? `Move to ${whenLabel(slot.starts_at, slot.ends_at, timeZone)}` : 'Move the booking'}
                  </Button>
                  <Button variant="secondary" onClick={() => setMoving(false)}>
                    Keep the current time
                  </Button>
                </div>
              </>
            )}
          </div>
        ) : b.status === 'booked' ? (
          <form method="post" action={SCRIPT_ONLY_FORM_PATH} className="book__form" onSubmit={onAsk} noValidate ref={askForm}>
            <p>It is too late to change this booking online. Tell us what you need and we will get back to you.</p>
            <TextAreaField
              label="What would you like to change?"
              name="message"
              required
              rows={4}
              maxLength={1000}
              value={message}
              onChange={setMessage}
              error={askFieldError}
            />
            <div>
              <Button type="submit" loading={ask.isPending}>
                Ask for a change
              </Button>
            </div>
          </form>
        ) : (
          <p>
            This booking can no longer be changed. <Link href={screenHref('book')}>Book another time</Link>
          </p>
        )}
        <BookingThread token={token} timeZone={timeZone} />
      </section>
    </>
  );
}
