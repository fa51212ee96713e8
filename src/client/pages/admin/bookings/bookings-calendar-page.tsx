/**
 * /admin/bookings: the bookings by week (seven columns on a desktop, a list of days on a phone) or by
 * day, each linking to its details; new ones and change requests are marked. "New booking" books a caller
 * or a walk-in (new-booking-form.tsx).
 */
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ErrorSummary } from '#client/pages/admin/error-summary.tsx';
import { addDays, dayLabel, shopDate } from '#client/pages/book/booking-format.ts';
import { BOOKING_STATUS_LABELS } from '#client/pages/book/booking-status.ts';
import type { AdminBooking } from '#shared/schemas/bookings.ts';
import { bookingLine } from './booking-labels.ts';
import { NewBookingForm } from './new-booking-form.tsx';
import './bookings-admin.css';
import { screenHref } from '#client/lib/screen-links.ts';

type View = 'week' | 'day';

/** The Monday of the week of `date`. */
function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function BookingsCalendarPage() {
  const timeZone = useShop()?.timeZone ?? 'Europe/London';
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(() => shopDate(new Date(), timeZone));
  const from = view === 'week' ? mondayOf(anchor) : anchor;
  const to = view === 'week' ? addDays(from, 6) : anchor;
  // A range fuller than one answer (ADMIN_BOOKINGS_MAX_LIMIT) comes in pages: "Show more bookings".
  const list = useInfiniteQuery(
    trpc.bookings.admin.list.infiniteQueryOptions({ from, to }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const byDay = new Map<string, AdminBooking[]>();
  for (const booking of list.data?.pages.flatMap((page) => page.data) ?? []) {
    const day = shopDate(new Date(booking.starts_at), timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), booking]);
  }
  const step = view === 'week' ? 7 : 1;

  return (
    <>
      <div className="admin__heading">
        <h1 className="admin__title">Bookings</h1>
        <Link href={screenHref('adminBookingSetup')}>Types, settings and blocked times</Link>
      </div>
      <NewBookingForm timeZone={timeZone} />
      <div className="admin-cal__bar" role="group" aria-label="Calendar">
        <Button variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
          Week
        </Button>
        <Button variant={view === 'day' ? 'primary' : 'secondary'} aria-pressed={view === 'day'} onClick={() => setView('day')}>
          Day
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(addDays(anchor, -step))}>
          {view === 'week' ? 'Previous week' : 'Previous day'}
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(shopDate(new Date(), timeZone))}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(addDays(anchor, step))}>
          {view === 'week' ? 'Next week' : 'Next day'}
        </Button>
        <span className="admin-cal__range" aria-live="polite" data-testid="calendar-range">
          {view === 'week' ? `${dayLabel(from)} to ${dayLabel(to)}` : dayLabel(from)}
        </span>
      </div>
      <ErrorSummary error={list.error} />
      {list.isPending ? (
        <Spinner label="Loading bookings…" />
      ) : (
        <ol className={`admin-cal__grid${view === 'week' ? ' admin-cal__grid--week' : ''}`} aria-label="Days">
          {days.map((day) => {
            const bookings = byDay.get(day) ?? [];
            return (
              <li key={day} className="admin-cal__day" data-testid={`calendar-day-${day}`}>
                <h2 className="admin-cal__day-title">{dayLabel(day)}</h2>
                {bookings.length === 0 ? (
                  <p className="admin-cal__empty">No bookings</p>
                ) : (
                  <ul className="admin-cal__bookings">
                    {bookings.map((b) => (
                      <li key={b.id}>
                        <Link
                          href={screenHref('adminBooking', { id: b.id })}
                          className={`admin-cal__booking${b.status === 'cancelled' ? ' is-cancelled' : ''}`}
                        >
                          {bookingLine(b, timeZone)}
                          {b.status !== 'booked' && ` · ${BOOKING_STATUS_LABELS[b.status]}`}
                          {b.is_new && <span className="admin-badge"> New</span>}
                          {b.change_request && <span className="admin-badge"> Change asked</span>}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {list.hasNextPage && (
        <div className="admin-list__more">
          <p>These days hold more bookings than one answer.</p>
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show more bookings
          </Button>
        </div>
      )}
    </>
  );
}
