/**
 * /book: a customer books a visit (docs/rest-contract.md "Bookings"). Type, then day (full days
 * shown as full), then time, then the details (prefilled when signed in), then the confirmation
 * with the reference and the private manage link. The server renders the first step from the public
 * snapshot (the types); the days and times are read in the browser, at the moment they are picked.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/form-fields.tsx';
import { detailsOf, fieldErrorsOf, messageOf, statusOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { useShop } from '#client/lib/shop.ts';
import { trpc } from '#client/lib/trpc.ts';
import type { SlotView } from '#shared/schemas/bookings.ts';
import { HONEYPOT_FIELD as BOOKING_HONEYPOT_FIELD } from '#shared/honeypot.ts';
import { NOT_CHANGEABLE_ONLINE, SlotPicker } from './slot-picker.tsx';
import { Booked } from './booked.tsx';
import { BookingTypeList } from './booking-type-list.tsx';
import { ContactFields } from '#client/components/contact-fields.tsx';
import { whenLabel } from './booking-format.ts';
import './book.css';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';
import { screenHref } from '#client/lib/screen-links.ts';

type Field = 'name' | 'email' | 'telephone' | 'vehicle' | 'registration' | 'location' | 'quote_reference';

export function BookPage() {
  const { user } = useSession();
  const shop = useShop();
  const summary = useQuery(trpc.bookings.summary.queryOptions({}));
  const quotes = useQuery({ ...trpc.quotes.mine.queryOptions({}), enabled: Boolean(user) });
  // /book?type=…&at=… (the home page's next free estimate) opens on that type and time.
  const [search] = useSearchParams();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [preselect, setPreselect] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    email: user?.email ?? '',
    telephone: user?.telephone ?? '',
    vehicle: '',
    registration: '',
    location: '',
    quote_reference: '',
  }));
  const [quoteId, setQuoteId] = useState('');
  const [trap, setTrap] = useState('');
  const detailsRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // ?quote=REFERENCE (the priced-quote mail and the account's quote link here), read once in the
  // browser: the booking carries it, and the server joins the request only if it is the customer's.
  const [forQuote, setForQuote] = useState<string | null>(null);
  useEffect(() => {
    const reference = new URLSearchParams(window.location.search).get('quote')?.trim().toUpperCase();
    if (!reference) return;
    setForQuote(reference);
    setValues((current) => ({ ...current, quote_reference: reference }));
  }, []);
  // The details come from the account once it is known, and the vehicle from the customer's own request.
  useEffect(() => {
    if (!user) return;
    setValues((current) => ({
      ...current,
      name: current.name || `${user.firstname} ${user.lastname}`.trim(),
      email: current.email || user.email,
      telephone: current.telephone || (user.telephone ?? ''),
    }));
  }, [user]);
  useEffect(() => {
    const own = forQuote ? quotes.data?.data.find((q) => q.reference === forQuote) : undefined;
    if (!own) return;
    setQuoteId(String(own.id));
    setValues((current) => ({
      ...current,
      vehicle: current.vehicle || own.vehicle,
      registration: current.registration || (own.registration ?? ''),
    }));
  }, [forQuote, quotes.data]);

  const types = summary.data?.types ?? [];
  const type = types.find((t) => t.id === typeId);
  const timeZone = shop?.timeZone ?? 'Europe/London';

  const create = useMutation(trpc.bookings.create.mutationOptions());
  const errors = create.isError ? fieldErrorsOf(create.error) : {};
  const nextSlots = create.isError && statusOf(create.error) === 409 ? ((detailsOf(create.error)?.next_slots ?? []) as SlotView[]) : [];

  useEffect(() => {
    const wanted = Number(search.get('type'));
    if (typeId === null && wanted && types.some((t) => t.id === wanted)) {
      setTypeId(wanted);
      setPreselect(search.get('at'));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [types.length]);
  // The details come into view with the first field focused, on a phone too.
  useEffect(() => {
    if (!slot) return;
    detailsRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus({ preventScroll: true });
  }, [slot]);
  useEffect(() => {
    if (create.isError && Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [create.error]);

  const set = (name: Field) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const first = (field: string) => errors[field]?.[0];

  function pickType(id: number) {
    setTypeId(id);
    setPreselect(null);
    setDate(null);
    setSlot(null);
    create.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!type || !slot) return;
    create.mutate({
      booking_type_id: type.id,
      starts_at: slot.starts_at,
      name: values.name,
      email: values.email,
      telephone: values.telephone,
      vehicle: values.vehicle,
      registration: values.registration,
      location: type.asks_location ? values.location : '',
      quote_reference: values.quote_reference,
      ...(quoteId ? { quote_request_id: Number(quoteId) } : {}),
      ...(trap ? { [BOOKING_HONEYPOT_FIELD]: trap } : {}),
    });
  }

  if (create.data) return <Booked booking={create.data} timeZone={timeZone} signedIn={Boolean(user)} />;

  const failure = create.isError && statusOf(create.error) !== 422 ? messageOf(create.error) : null;
  return (
    <>
      <PageHeader title="Book a visit" />
      <section className="section container book">
        <p className="book__intro">
          Pick what you need, then a day and a time that suit you. You get a confirmation by e-mail with a link to change or cancel the
          booking.
        </p>
        {forQuote && (
          <p className="book__for-quote" data-testid="for-quote">
            For quote <strong>{forQuote}</strong>
          </p>
        )}
        {summary.data?.next_free_estimate && (
          <p className="next-free" data-testid="next-free">
            Next free estimate: {summary.data.next_free_estimate.label}
          </p>
        )}
        <div className="book__step">
          <h2 className="book__step-title">1. What do you need?</h2>
          <BookingTypeList types={types} chosenId={typeId} onPick={pickType} />
        </div>
        {type && (
          <div className="book__step">
            <h2 className="book__step-title">2. When?</h2>
            <SlotPicker
              key={type.id}
              typeId={type.id}
              timeZone={timeZone}
              date={date}
              onDate={(d) => {
                setDate(d);
                setSlot(null);
              }}
              slot={slot}
              onSlot={(s) => {
                setSlot(s);
                create.reset();
              }}
              preselect={preselect}
            />
          </div>
        )}
        {type && slot && (
          <div className="book__step">
            <h2 className="book__step-title" ref={detailsRef} tabIndex={-1}>
              3. Your details
            </h2>
            <p className="book__summary">
              {type.name}: <strong>{whenLabel(slot.starts_at, slot.ends_at, timeZone)}</strong>
              {!slot.changeable_online && <> ({NOT_CHANGEABLE_ONLINE})</>}
            </p>
            <form method="post" action={SCRIPT_ONLY_FORM_PATH} ref={formRef} onSubmit={onSubmit} noValidate className="book__form">
              {failure && <Alert tone="error">{failure}</Alert>}
              {Object.keys(errors).length > 0 && statusOf(create.error) === 422 && (
                <Alert tone="error">Some of your information needs another look: please check the fields marked below.</Alert>
              )}
              {nextSlots.length > 0 && (
                <div className="book__summary" role="status">
                  <p>{first('starts_at')} These times are free:</p>
                  <div className="book__actions">
                    {nextSlots.map((s) => (
                      <Button key={s.starts_at} variant="secondary" onClick={() => setSlot(s)}>
                        {whenLabel(s.starts_at, s.ends_at, timeZone)}
                      </Button>
                    ))}
                  </div>
                </div>
              )}
              {first('starts_at') && nextSlots.length === 0 && <Alert tone="error">{first('starts_at')}</Alert>}
              {first('booking_type_id') && <Alert tone="error">{first('booking_type_id')}</Alert>}
              <div className="form-grid">
                <ContactFields
                  name="full"
                  values={values}
                  onChange={(field, value) => set(field as Field)(value)}
                  errorOf={first}
                  telephone="required"
                />
                <TextField
                  label="Vehicle (make and model)"
                  name="vehicle"
                  required
                  value={values.vehicle}
                  onChange={set('vehicle')}
                  error={first('vehicle')}
                />
                <TextField
                  label="Registration (optional)"
                  name="registration"
                  value={values.registration}
                  onChange={set('registration')}
                  error={first('registration')}
                />
                {user && quotes.data && quotes.data.data.length > 0 ? (
                  <SelectField
                    label="Your quote request (optional)"
                    name="quote_request_id"
                    value={quoteId}
                    onChange={setQuoteId}
                    error={first('quote_request_id')}
                    options={[
                      { value: '', label: 'None' },
                      ...quotes.data.data.map((q) => ({ value: String(q.id), label: `${q.reference}: ${q.vehicle}` })),
                    ]}
                  />
                ) : (
                  <TextField
                    label="Quote reference (optional)"
                    name="quote_reference"
                    value={values.quote_reference}
                    onChange={set('quote_reference')}
                    hint="Q-2026-…, if we gave you one."
                    error={first('quote_reference')}
                  />
                )}
              </div>
              {type.asks_location && (
                <TextField
                  label="Where is it? (postcode, marina or berth)"
                  name="location"
                  required
                  value={values.location}
                  onChange={set('location')}
                  error={first('location')}
                />
              )}
              {/* A trap for bots (BOOKING_HONEYPOT_FIELD): off screen, hidden from assistive technology, never tabbed to. */}
              <div className="honeypot" aria-hidden="true">
                <label htmlFor="book-website">Website</label>
                <input
                  id="book-website"
                  name={BOOKING_HONEYPOT_FIELD}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={trap}
                  onChange={(event) => setTrap(event.target.value)}
                />
              </div>
              <p>
                We use these details only for this booking, as the <Link href={screenHref('privacy')}>Privacy Policy</Link> describes.
              </p>
              <Button type="submit" loading={create.isPending} className="btn--lg">
                Book this time
              </Button>
            </form>
          </div>
        )}
      </section>
    </>
  );
}
