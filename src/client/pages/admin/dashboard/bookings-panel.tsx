/** The dashboard's bookings of today and tomorrow (the shop's days), in order, each a link to the booking. */
import { Link } from 'wouter';
import { formatCalendarDate, formatTime } from '#shared/format/dates.ts';
import { useDateFormat } from '#client/lib/format-date.ts';
import type { Dashboard } from '#shared/schemas/dashboard.ts';
import { useDashboard } from './use-dashboard.ts';
import { DashboardPanel, WithDashboard } from './dashboard-panel.tsx';
import { screenHref } from '#client/lib/screen-links.ts';

type Booking = Dashboard['bookings']['today_list'][number];

function Day({ title, date, bookings, empty }: { title: string; date: string; bookings: Booking[]; empty: string }) {
  const dates = useDateFormat();
  return (
    <>
      <h3 className="admin-panel__subtitle">
        {title} <span className="admin-panel__meta">{formatCalendarDate(date, { locale: dates.locale })}</span>
      </h3>
      {bookings.length === 0 ? (
        <p className="admin-panel__empty">{empty}</p>
      ) : (
        <ul className="admin-panel__list">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <Link href={screenHref('adminBooking', { id: booking.id })} className="admin-panel__item-link">
                {formatTime(booking.starts_at, dates)} {booking.name}
              </Link>
              <span className="admin-panel__meta">
                {booking.type_name}, {booking.vehicle}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function BookingsPanel() {
  const data = useDashboard().data?.bookings;
  return (
    <DashboardPanel
      id="bookings"
      title="Bookings today and tomorrow"
      count={data ? data.today_list.length + data.tomorrow_list.length : undefined}
      link={{ href: screenHref('adminBookings'), label: 'The bookings calendar' }}
    >
      <WithDashboard label="bookings">
        {({ bookings }) => (
          <>
            <Day title="Today" date={bookings.today} bookings={bookings.today_list} empty="No bookings today." />
            <Day title="Tomorrow" date={bookings.tomorrow} bookings={bookings.tomorrow_list} empty="No bookings tomorrow." />
          </>
        )}
      </WithDashboard>
    </DashboardPanel>
  );
}
