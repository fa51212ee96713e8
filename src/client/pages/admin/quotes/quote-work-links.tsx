// A quote request's bookings and repair job on its page, each a link (the answer holds at most
// QUOTE_BOOKINGS_SHOWN bookings, read in one statement).
import { Link } from 'wouter';
import { screenHref } from '#client/lib/screen-links.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import { formatDateTime } from '#shared/format/dates.ts';
import { BOOKING_STATUS_LABELS } from '#client/pages/book/booking-status.ts';
import type { QuoteDetail } from '#shared/schemas/quotes.ts';

export function QuoteWorkLinks({ quote }: { quote: Pick<QuoteDetail, 'bookings' | 'repair_job'> }) {
  const dates = useDateFormat();
  return (
    <section className="admin-section" aria-labelledby="quote-work-heading">
      <h2 id="quote-work-heading">Bookings and repair</h2>
      {quote.bookings.length === 0 ? (
        <p>No bookings for this quote yet.</p>
      ) : (
        <ul>
          {quote.bookings.map((b) => (
            <li key={b.id}>
              <Link href={screenHref('adminBooking', { id: b.id })}>
                {b.reference}: {b.type_name}, {formatDateTime(b.starts_at, dates)}
              </Link>
              {b.status !== 'booked' && ` · ${BOOKING_STATUS_LABELS[b.status]}`}
            </li>
          ))}
        </ul>
      )}
      {quote.repair_job ? (
        <p>
          Repair job: <Link href={screenHref('adminRepair', { id: quote.repair_job.id })}>{quote.repair_job.reference}</Link>
        </p>
      ) : (
        <p>No repair job yet.</p>
      )}
    </section>
  );
}
