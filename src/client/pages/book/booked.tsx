/** The booking page once the time is booked: when, the reference, and the link to change or cancel it. */
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '#client/layouts/page-header.tsx';
import type { BookingCreated } from '#shared/schemas/bookings.ts';
import { whenLabel } from './booking-format.ts';
import { screenHref } from '#client/lib/screen-links.ts';
import { BookingDeposit } from './booking-deposit.tsx';

export function Booked({ booking, timeZone, signedIn }: { booking: BookingCreated; timeZone: string; signedIn: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <PageHeader title="Book a visit" />
      <section className="section container book">
        <div className="book__done" role="status">
          <h2 className="section__title section__title--left" ref={headingRef} tabIndex={-1}>
            You are booked in
          </h2>
          <p>
            {booking.type_name}: <strong>{whenLabel(booking.starts_at, booking.ends_at, timeZone)}</strong>
            {booking.location ? ` at ${booking.location}` : ''}.
          </p>
          <p>
            Your reference is <strong className="book__reference">{booking.reference}</strong>. A confirmation with a calendar file is on
            its way to your e-mail.
          </p>
          <p>
            <Link href={screenHref('bookManage', { token: booking.manage_token })}>Change or cancel this booking</Link>
            {signedIn && (
              <>
                {' · '}
                <Link href={screenHref('accountBookings')}>See your bookings</Link>
              </>
            )}
          </p>
          <BookingDeposit token={booking.manage_token} />
        </div>
      </section>
    </>
  );
}
